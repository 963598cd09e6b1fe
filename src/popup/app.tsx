/** The popup's whole view: search box, status region and the listing of every site. */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { onDemand } from './on-demand/lazy.tsx';
import { t } from '../shared/i18n.ts';
import { TitleBarButton } from './icons/icons.tsx';
import { ResultsList } from './list/results-list.tsx';
import { SearchBox } from './list/search-box.tsx';
import { StatusArea } from './status/status-area.tsx';
import type { PopupStore } from './store-types.ts';

/**
 * The History, Trash and People views (view-panel.tsx), loaded when first shown: most popups
 * never open them, so their code is not part of what every popup loads and parses.
 */
const ViewPanel = onDemand(() => import('./panels/view-panel.tsx').then((module) => module.ViewPanel));
/** The Share panel, over the list while open (share-panel.tsx). */
const SharePanel = onDemand(() => import('./panels/share-panel.tsx').then((module) => module.SharePanel));

/** A view shown in place of the list. */
type Panel = 'history' | 'trash' | 'people';

/**
 * Renders the popup from `store`; call `store.start()` to load the listing. The History and the
 * Trash show in place of the list; leaving them (view-panel.tsx) shows the list again, with the
 * focus on the title bar button that opened them.
 */
export function App({ store }: { store: PopupStore }) {
  const searchRef = useRef<HTMLInputElement>(null);
  /** The view shown in place of the list: the history, the trash, the people, or none. */
  const [panel, setPanel] = useState<Panel | null>(null);
  const openers = { history: useRef<HTMLButtonElement>(null), trash: useRef<HTMLButtonElement>(null), people: useRef<HTMLButtonElement>(null) };
  /** A title bar button that shows its panel, or the list again. */
  const toggle = (name: Panel) => ({
    'aria-pressed': panel === name,
    onClick: () => {
      store.closeShare();
      setPanel(panel === name ? null : name);
    },
    buttonRef: openers[name],
  });
  /** The list again, the focus on the button that opened the view (which stays where it is). */
  const leave = () => {
    openers[panel!].current?.focus();
    setPanel(null);
  };

  const focusFirstResult = useRef<() => boolean>(() => false);
  const openFirstResult = useRef<() => void>(() => undefined);
  const removedDocument = store.removedDocument.value;
  const sharing = store.sharing.value;

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
          {/* The options button is the only way to the options once set up. */}
          <TitleBarButton
            icon="refresh"
            label={t('refresh')}
            tooltip={t('refreshTooltip')}
            aria-disabled={store.refreshing.value ? 'true' : undefined}
            onClick={() => void store.refresh()}
          />
          <TitleBarButton icon="history" label={t('historyTitle')} tooltip={t('historyTitle')} {...toggle('history')} />
          <TitleBarButton icon="trash" label={t('trash')} tooltip={t('trash')} {...toggle('trash')} />
          <TitleBarButton icon="people" label={t('peopleTitle')} tooltip={t('peopleTooltip')} {...toggle('people')} />
          <TitleBarButton icon="bulk" label={t('bulkTitle')} tooltip={t('bulkOpenTooltip')} onClick={() => store.openBulkChanges()} />
          <TitleBarButton icon="options" label={t('options')} tooltip={t('optionsTooltip')} onClick={() => store.openOptions()} />
        </div>
        {/* Searches the list, or the Trash (trash-view.tsx); the History has no documents to search:
            hidden there, and kept (not unmounted), so coming back does not take the focus to it. */}
        <div hidden={panel === 'history'}>
          <SearchBox store={store} inputRef={searchRef} onArrowDown={() => !panel && focusFirstResult.current()} onEnter={() => !panel && openFirstResult.current()} />
        </div>
      </header>
      <StatusArea store={store} listShown={!panel} />
      {panel ? (
        <ViewPanel store={store} panel={panel} onLeave={leave} />
      ) : (
        // The list stays under the Share panel, out of reach (inert) while it is open.
        <div class={sharing ? 'list-area sharing' : 'list-area'}>
          <div class="list-holder" inert={sharing !== null}>
            <ResultsList store={store} searchRef={searchRef} focusFirstRef={focusFirstResult} openFirstRef={openFirstResult} />
          </div>
          {sharing && <SharePanel store={store} target={sharing} />}
        </div>
      )}
    </main>
  );
}
