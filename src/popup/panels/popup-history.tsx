/**
 * The change history in the popup: its store made when first shown (PopupStore.loadHistory), then
 * its view, read again after the status line's undo (PopupStore.undone).
 */
import { useEffect, useState } from 'preact/hooks';
import type { HistoryStore } from '../../history/history-store.ts';
import { HistoryView } from '../../history/history-view.tsx';
import { t } from '../../shared/i18n.ts';
import type { PopupStore } from '../store-types.ts';

export function PopupHistory({ store }: { store: PopupStore }) {
  const [history, setHistory] = useState<HistoryStore | 'failed' | null>(null);
  useEffect(() => {
    let shown = true;
    store.loadHistory().then(
      (loaded) => shown && setHistory(loaded),
      () => shown && setHistory('failed'),
    );
    return () => {
      shown = false;
    };
  }, [store]);
  // Read again after the status line's undo: its entry would still offer Undo.
  const undone = store.undone.value;
  useEffect(() => {
    if (typeof history === 'object' && history) void history.load();
  }, [undone]);
  if (history === 'failed') return <p class="history-empty">{t('historyNotLoaded')}</p>;
  if (!history) return <p class="history-empty">{t('loading')}</p>;
  return <HistoryView store={history} />;
}
