/** The popup's whole view: search box, status region and the listing of every site. */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import { OptionsIcon, RefreshIcon } from './icons.tsx';
import { ResultsList } from './results-list.tsx';
import { SearchBox } from './search-box.tsx';
import { StatusArea } from './status-area.tsx';
import type { PopupStore } from './store.ts';

/** Renders the popup from `store`; call `store.start()` to load the listing. */
export function App({ store }: { store: PopupStore }) {
  const searchRef = useRef<HTMLInputElement>(null);
  const focusFirstResult = useRef<() => boolean>(() => false);
  const openFirstResult = useRef<() => void>(() => undefined);
  const removedDocument = store.removedDocument.value;

  // A document Grist no longer has took its row, and the focus in it, away. The search box is
  // the one place sure to be there; it is taken only if focus was in that row (now on the body),
  // so an answer that comes late does not pull focus from where the user went meanwhile.
  useLayoutEffect(() => {
    if (!removedDocument) return;
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) searchRef.current?.focus();
  }, [removedDocument]);

  return (
    // One `main` landmark holding everything, so the flex layout of .popup stays one level deep.
    <main class="popup">
      <header class="header">
        <div class="title-bar">
          <h1>{t('popupTitle')}</h1>
          {/* Named by aria-label, explained by title; the only way to the options once set up. */}
          <button
            type="button"
            class="icon-button"
            aria-label={t('refresh')}
            title={t('refreshTooltip')}
            aria-disabled={store.refreshing.value ? 'true' : undefined}
            onClick={() => void store.refresh()}
          >
            <RefreshIcon />
          </button>
          <button type="button" class="icon-button" aria-label={t('options')} title={t('optionsTooltip')} onClick={() => store.openOptions()}>
            <OptionsIcon />
          </button>
        </div>
        <SearchBox store={store} inputRef={searchRef} onArrowDown={() => focusFirstResult.current()} onEnter={() => openFirstResult.current()} />
      </header>
      <StatusArea store={store} />
      <ResultsList store={store} searchRef={searchRef} focusFirstRef={focusFirstResult} openFirstRef={openFirstResult} />
    </main>
  );
}
