/**
 * Escape as the pages' questions, forms and views take it: `onEscape(handler)` is a keydown
 * handler that calls `handler` on Escape, its default prevented (left to the page, Chrome closes a
 * whole popup on it). Not while an IME composition is under way (Escape abandons the composition),
 * nor once a control inside took the key first (its default prevented: a field's own Escape, the
 * search box's clearing).
 */
export function onEscape(handler: () => void): (event: KeyboardEvent) => void {
  return (event) => {
    if (event.key !== 'Escape' || event.isComposing || event.defaultPrevented) return;
    event.preventDefault();
    handler();
  };
}
