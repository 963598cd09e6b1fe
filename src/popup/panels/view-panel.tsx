/**
 * A view the popup shows in place of its list (its title bar menu's History, People or Trash): its
 * heading, Back to documents, and the view itself, the People view and the Trash searched by
 * `query` (what the search box holds while they show: theirs, not the documents' search). Escape leaves it too, unless what had the focus
 * took the key first (a question's Cancel, the search box's clearing): its default prevented,
 * since Chrome would close the whole popup. Loaded on demand (on-demand/lazy.tsx), with the views.
 */
import { t } from '../../shared/i18n.ts';
import { searchTerms } from '../../shared/rules/search.ts';
import { useDocumentEscape } from './document-escape.ts';
import { PopupHistory } from './popup-history.tsx';
import type { PopupStore } from '../store-types.ts';
import { TrashView } from './trash-view.tsx';
import { PeopleView } from './people-view.tsx';

export interface ViewPanelProps {
  store: PopupStore;
  panel: 'history' | 'trash' | 'people';
  /** The view's own search, as typed (the People view and the Trash). */
  query: string;
  /** Shows the list again (Back, Escape). */
  onLeave: () => void;
}

const HEADINGS = { history: 'historyTitle', trash: 'trash', people: 'peopleTitle' } as const;

export function ViewPanel({ store, panel, query, onLeave }: ViewPanelProps) {
  useDocumentEscape(onLeave);
  const terms = searchTerms(query);
  return (
    <section class="history-panel" aria-labelledby={`${panel}-heading`}>
      <div class="panel-heading">
        <h2 id={`${panel}-heading`}>{t(HEADINGS[panel])}</h2>
        <button type="button" class="link-button" onClick={onLeave}>
          {t('backToDocuments')}
        </button>
      </div>
      {panel === 'trash' ? <TrashView store={store} terms={terms} /> : panel === 'people' ? <PeopleView store={store} terms={terms} /> : <PopupHistory store={store} />}
    </section>
  );
}
