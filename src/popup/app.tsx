/** The popup's whole view: search box, status region and the listing of every site. */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { onDemand } from './on-demand/lazy.tsx';
import { t } from '../shared/i18n.ts';
import { ResultsList } from './list/results-list.tsx';
import { SearchBox } from './list/search-box.tsx';
import { StatusArea } from './status/status-area.tsx';
import type { PopupStore } from './store-types.ts';
import { TitleBarMenu, type TitleBarItem } from './title-bar-menu.tsx';

/**
 * The History, Trash and People views (view-panel.tsx), loaded when first shown: most popups
 * never open them, so their code is not part of what every popup loads and parses.
 */
const ViewPanel = onDemand(() => import('./panels/view-panel.tsx').then((module) => module.ViewPanel));
/** The Share panel, over the list while open (share-panel.tsx). */
const SharePanel = onDemand(() => import('./panels/share-panel.tsx').then((module) => module.SharePanel));

/** A view shown in place of the list. */
type Panel = 'history' | 'trash' | 'people';

/** The search box's words while a view is shown: each view searches what it lists, not the documents. */
const VIEW_SEARCH = { trash: 'searchTrash', people: 'searchPeople' } as const;

/**
 * Renders the popup from `store`; call `store.start()` to load the listing. The title bar: the
 * search box first, then the Menu button (title-bar-menu.tsx). The History, the People view and
 * the Trash show in place of the list; leaving them (view-panel.tsx) shows the list again, with
 * the focus on the Menu button that opened them. While the People view or the Trash shows, the
 * search box searches it, with the view's own words and text: what is typed there is the view's,
 * dropped when the view is left, and the documents' search comes back as it was.
 */
export function App({ store }: { store: PopupStore }) {
  const searchRef = useRef<HTMLInputElement>(null);
  /** The view shown in place of the list: the history, the trash, the people, or none. */
  const [panel, setPanel] = useState<Panel | null>(null);
  /** What is typed in the search box while the People view or the Trash shows (never the list's `store.query`). */
  const [viewQuery, setViewQuery] = useState('');
  const menuButton = useRef<HTMLButtonElement>(null);
  /** Shows the view `name` (its search empty), over whatever view was shown. */
  const show = (name: Panel) => {
    store.closeShare();
    if (panel !== name) setViewQuery('');
    setPanel(name);
  };
  /** The list again, the focus on the Menu button that opened the view (which stays where it is). */
  const leave = () => {
    menuButton.current?.focus();
    setViewQuery('');
    setPanel(null);
  };
  const items: TitleBarItem[] = [
    { id: 'refresh', label: t('refresh'), hint: t('refreshHint'), disabled: store.refreshing.value, run: () => void store.refresh() },
    { id: 'history', label: t('historyTitle'), hint: t('historyHint'), current: panel === 'history', run: () => show('history'), group: true },
    { id: 'people', label: t('peopleTitle'), hint: t('peopleTooltip'), current: panel === 'people', run: () => show('people') },
    { id: 'trash', label: t('trash'), hint: t('trashHint'), current: panel === 'trash', run: () => show('trash') },
    { id: 'bulk', label: t('bulkTitle'), hint: t('bulkOpenTooltip'), run: () => store.openBulkChanges(), group: true },
    { id: 'options', label: t('options'), hint: t('optionsHint'), run: () => store.openOptions() },
  ];
  const viewSearch = panel === 'trash' || panel === 'people' ? VIEW_SEARCH[panel] : null;

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
        {/* Named for assistive technology; the search box comes first on screen. */}
        <h1 class="visually-hidden">{t('popupTitle')}</h1>
        <div class="title-bar">
          {/* Searches the list, or the People view or the Trash (their own search: viewQuery); the
              History has no documents to search: hidden there, and kept (not unmounted), so coming
              back does not take the focus to it. */}
          <div class="search-holder" hidden={panel === 'history'}>
            <SearchBox
              inputRef={searchRef}
              store={store}
              viewSearch={viewSearch && { label: t(viewSearch), value: viewQuery, onInput: setViewQuery }}
              onArrowDown={() => !panel && focusFirstResult.current()}
              onEnter={() => !panel && openFirstResult.current()}
            />
          </div>
          <TitleBarMenu items={items} buttonRef={menuButton} />
        </div>
      </header>
      <StatusArea store={store} listShown={!panel} />
      {panel ? (
        <ViewPanel store={store} panel={panel} query={viewQuery} onLeave={leave} />
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
