/**
 * A view the popup shows in place of its list (its title bar's History, Trash or People button): its
 * heading, Back to documents, and the view itself. Escape leaves it too, unless what had the focus
 * took the key first (a question's Cancel, the search box's clearing): its default prevented,
 * since Chrome would close the whole popup. Loaded on demand (on-demand/lazy.tsx), with the views.
 */
import { useEffect, useRef } from 'preact/hooks';
import { onEscape } from '../../shared/escape-key.ts';
import { t } from '../../shared/i18n.ts';
import { PopupHistory } from './popup-history.tsx';
import type { PopupStore } from '../store-types.ts';
import { TrashView } from './trash-view.tsx';
import { PeopleView } from './people-view.tsx';

export interface ViewPanelProps {
  store: PopupStore;
  panel: 'history' | 'trash' | 'people';
  /** Shows the list again (Back, Escape). */
  onLeave: () => void;
}

const HEADINGS = { history: 'historyTitle', trash: 'trash', people: 'peopleTitle' } as const;

export function ViewPanel({ store, panel, onLeave }: ViewPanelProps) {
  // The latest onLeave (the popup passes a new one with each render), for the listener added once.
  const leave = useRef(onLeave);
  leave.current = onLeave;
  useEffect(() => {
    // On the document, after the focused element's own handlers: from the title bar's button too.
    const onKeyDown = onEscape(() => leave.current());
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <section class="history-panel" aria-labelledby={`${panel}-heading`}>
      <div class="panel-heading">
        <h2 id={`${panel}-heading`}>{t(HEADINGS[panel])}</h2>
        <button type="button" class="link-button" onClick={onLeave}>
          {t('backToDocuments')}
        </button>
      </div>
      {panel === 'trash' ? <TrashView store={store} /> : panel === 'people' ? <PeopleView store={store} /> : <PopupHistory store={store} />}
    </section>
  );
}
