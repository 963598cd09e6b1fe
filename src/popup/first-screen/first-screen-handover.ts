/**
 * Takes the popup's page over from the drawing of its first screen that first-screen.ts showed
 * while the popup's scripts loaded (see shared/storage/first-screen.ts).
 */
import { effect } from '@preact/signals';
import type { PopupStore } from '../store-types.ts';

/**
 * Hands the page from the drawing in `container` (first-screen.ts) to the popup's view in `root`,
 * once the view shows a listing: in the frame the view is drawn, so nothing flickers. What was
 * typed in the drawing's search box is searched for meanwhile, and the focus moves to the view's. Until then the page's stylesheet hides `root` behind a drawing that is shown.
 */
export function takeOverFirstScreen(container: HTMLElement | null, root: HTMLElement, store: Pick<PopupStore, 'loaded' | 'setQuery'>): void {
  if (!container) return;
  const early = () => container.querySelector<HTMLInputElement>('input[type="search"]');
  const typed = early()?.value;
  if (typed) store.setQuery(typed);
  container.addEventListener('input', (event) => {
    if (event.target instanceof HTMLInputElement) store.setQuery(event.target.value);
  });
  const stop = effect(() => {
    if (!store.loaded.value) return;
    // The view renders the listing after this; it is drawn by the next frame.
    requestAnimationFrame(() => {
      const focused = document.activeElement;
      const focusWasThere = !focused || focused === document.body || container.contains(focused);
      container.remove();
      // Its text is the query's, the caret after it, where typing left it.
      if (focusWasThere) root.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
    });
    queueMicrotask(() => stop());
  });
}
