/**
 * The rename history as a list, newest first: when (relative, the exact time in a tooltip), the
 * document's site and workspace, old name → new name, and a button to undo it. Names come from
 * Grist: text only, each in its own direction-isolated element.
 */
import { useEffect, useState } from 'preact/hooks';
import type { HistoryItem } from '../shared/history.ts';
import { t } from '../shared/i18n.ts';
import { exactTime, timeAgo } from '../shared/relative-time.ts';
import type { EntryState, HistoryStore } from './history-store.ts';

/** The whole view; reads the history when it is first shown. */
export function HistoryView({ store }: { store: HistoryStore }) {
  useEffect(() => {
    void store.load();
  }, [store]);
  const entries = store.entries.value;
  const error = store.error.value;
  return (
    <div class="history">
      {/* A live region of its own (not a second "status" role beside the page's). */}
      <p class="history-status" aria-live="polite">
        {store.status.value}
      </p>
      {error && (
        <p class="history-error" role="alert">
          {error}
        </p>
      )}
      {entries === null && !error && <p class="history-empty">{t('loading')}</p>}
      {entries?.length === 0 && <p class="history-empty">{t('historyEmpty')}</p>}
      {entries && entries.length > 0 && (
        <>
          <ol class="history-list" aria-label={t('renameHistory')}>
            {entries.map((entry) => (
              <Entry key={entry.id} store={store} entry={entry} state={store.entryStates.value.get(entry.id)} />
            ))}
          </ol>
          <ClearHistory store={store} count={entries.length} />
        </>
      )}
    </div>
  );
}

/** Where a rename was made, in words. */
function sourceLabel(entry: HistoryItem): string {
  return t(entry.source === 'undo' ? 'sourceUndo' : entry.source === 'bulk' ? 'sourceBulk' : entry.source === 'popup' ? 'sourcePopup' : 'sourcePage');
}

function Entry({ store, entry, state }: { store: HistoryStore; entry: HistoryItem; state: EntryState | undefined }) {
  const where = [entry.site.name, entry.workspace?.name].filter(Boolean).join(' › ');
  return (
    <li class="history-entry">
      <p class="history-names">
        <bdi dir="auto" class="history-old" title={entry.oldName}>
          {entry.oldName}
        </bdi>
        <span aria-label={t('historyRenamedTo')}> → </span>
        <bdi dir="auto" class="history-new" title={entry.newName}>
          {entry.newName}
        </bdi>
      </p>
      <p class="history-meta">
        <time dateTime={new Date(entry.at).toISOString()} title={exactTime(new Date(entry.at).toISOString())}>
          {timeAgo(new Date(entry.at).toISOString())}
        </time>
        {' · '}
        <bdi dir="auto">{where}</bdi>
        {' · '}
        {sourceLabel(entry)}
      </p>
      {entry.cannotUndo ? (
        <p class="history-hint">{entry.cannotUndo}</p>
      ) : (
        <button
          type="button"
          class="history-undo"
          aria-label={t('undoRenameOf', entry.newName)}
          aria-disabled={state?.kind === 'undoing' ? 'true' : undefined}
          onClick={() => void store.undo(entry)}
        >
          {t('undo')}
        </button>
      )}
      {state?.kind === 'conflict' && (
        <div class="history-conflict" role="alert">
          <p>{t('renamedElsewhere', entry.oldName, state.current)}</p>
          <button type="button" onClick={() => void store.undo(entry, true)}>
            {t('restoreAnyway', entry.oldName)}
          </button>
        </div>
      )}
      {state?.kind === 'failed' && (
        <p class="history-error" role="alert">
          {state.message}
        </p>
      )}
    </li>
  );
}

/** Clear history, asking first, in place (a popup cannot show the browser's confirm box). */
function ClearHistory({ store, count }: { store: HistoryStore; count: number }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" class="history-clear" onClick={() => setAsking(true)}>
        {t('clearHistory')}
      </button>
    );
  }
  return (
    <div class="history-confirm" role="group" aria-label={t('clearHistory')}>
      <p>{t('clearHistoryQuestion', String(count))}</p>
      <button
        type="button"
        class="history-clear-yes"
        ref={(button) => button?.focus()}
        onClick={() => {
          setAsking(false);
          void store.clear();
        }}
      >
        {t('clearHistoryYes')}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        {t('keepHistory')}
      </button>
    </div>
  );
}
