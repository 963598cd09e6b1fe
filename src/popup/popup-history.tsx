/** The rename history in the popup: its store made when first shown (PopupStore.loadHistory), then its view. */
import { useEffect, useState } from 'preact/hooks';
import type { HistoryStore } from '../history/history-store.ts';
import { HistoryView } from '../history/history-view.tsx';
import { t } from '../shared/i18n.ts';
import type { PopupStore } from './store-types.ts';

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
  if (history === 'failed') return <p class="history-empty">{t('historyNotLoaded')}</p>;
  if (!history) return <p class="history-empty">{t('loading')}</p>;
  return <HistoryView store={history} />;
}
