/**
 * The change history as a list, newest first: when (relative, the exact time in a tooltip), the
 * document's site and workspace, what was done (old name → new name for a rename), and a button to
 * undo it, named after its kind. Names come from Grist: text only, each in its own
 * direction-isolated element.
 */
import { Fragment } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { sameTarget, type ChangeLogItem } from '../shared/protocol/change-log.ts';
import { entryName, nameBefore } from '../shared/protocol/change-log-reads.ts';
import type { UndoState } from '../shared/protocol/undo-outcome.ts';
import { onEscape } from '../page-shared/escape-key.ts';
import { t, type MessageKey, tCount } from '../shared/i18n.ts';
import { siteDisplayName } from '../shared/protocol/listing.ts';
import { exactTime, timeAgo } from '../page-shared/relative-time.ts';
import { batchHeading } from './batch-words.ts';
import type { HistoryStore } from './history-store.ts';
import { UndoControls } from './undo-controls.tsx';
import { accessChangeWords, accessUndoLabel } from './access-change-words.ts';
import { sameEmail } from '../shared/protocol/sharing.ts';

/** The whole view; reads the history when it is first shown. */
export function HistoryView({ store }: { store: HistoryStore }) {
  useEffect(() => {
    void store.load();
  }, [store]);
  const entries = store.entries.value;
  const error = store.error.value;
  const statusRef = useRef<HTMLParagraphElement>(null);
  /** After an action whose button went with it (Undo, Clear), focus goes to what it said. */
  const afterwards = (done: Promise<void>) =>
    void done.then(() => {
      if (!document.activeElement || document.activeElement === document.body) statusRef.current?.focus();
    });
  return (
    <div class="history">
      {/* A live region of its own (not a second "status" role beside the page's). */}
      <p class="history-status" aria-live="polite" tabIndex={-1} ref={statusRef}>
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
          <ol class="history-list" aria-label={t('historyTitle')}>
            {entries.map((entry, index) => (
              <Fragment key={entry.id}>
                {entry.batchId && !entries.slice(0, index).some((earlier) => earlier.batchId === entry.batchId) && (
                  <BatchHeading store={store} batchId={entry.batchId} entries={entries} afterwards={afterwards} />
                )}
                <Entry store={store} entry={entry} state={store.entryStates.value.get(entry.id)} afterwards={afterwards} changedHere={changedHereSince(entries, index)} />
              </Fragment>
            ))}
          </ol>
        </>
      )}
      {entries && (entries.length > 0 || store.hasOpened.value) && <ClearHistory store={store} count={entries.length} afterwards={afterwards} />}
    </div>
  );
}

/** Where a change was made, in words. */
function sourceLabel(entry: ChangeLogItem): string {
  return t(
    entry.source === 'undo'
      ? 'sourceUndo'
      : entry.source === 'bulk'
        ? 'sourceBulk'
        : entry.source === 'popup'
          ? 'sourcePopup'
          : entry.source === 'address-bar'
            ? 'sourceAddressBar'
            : 'sourcePage',
  );
}

/**
 * Above the newest change of a bulk run's batch: which kind of run (or the undo of which), how many
 * documents it changed, and Undo this batch while any of them can still be undone.
 */
function BatchHeading({ store, batchId, entries, afterwards }: { store: HistoryStore; batchId: string; entries: readonly ChangeLogItem[]; afterwards: (done: Promise<void>) => void }) {
  const batch = entries.filter((entry) => entry.batchId === batchId);
  const undoable = batch.some((entry) => !entry.cannotUndo);
  const state = store.entryStates.value.get(batchId);
  // A person removed from (or put back on) the user's sites: its Undo names them and the sites.
  const first = batch[0];
  const person = first?.kind === 'person' ? first.person : undefined;
  return (
    <li class="history-batch">
      <p>{batchHeading(batch, entries)}</p>
      {undoable && (
        <button
          type="button"
          // Named with its size: the history may hold several batches, each with this button.
          aria-label={person ? tCount(person.removed ? 'undoPersonRemovalFrom' : 'undoPersonPutBackOn', batch.length, person.email) : tCount('undoThisBatchOf', batch.length)}
          aria-disabled={state?.kind === 'undoing' ? 'true' : undefined}
          onClick={() => afterwards(store.undoBatch(batchId))}
        >
          {/* Its visible words start its name: a person's removal is no batch of documents. */}
          {person ? t('undo') : t('undoThisBatch')}
        </button>
      )}
      {state?.kind === 'failed' && <p class="history-error">{state.message}</p>}
    </li>
  );
}

interface EntryProps {
  store: HistoryStore;
  entry: ChangeLogItem;
  state: UndoState | undefined;
  afterwards: (done: Promise<void>) => void;
  /** True when a later entry of the history changed the same thing since (see changedHereSince). */
  changedHere: boolean;
}

/** The kinds of change that change the same thing: a rename's name, a move's place, who has access. */
const SAME_THING: Partial<Record<ChangeLogItem['kind'], string>> = { rename: 'name', move: 'place', access: 'access', person: 'access' };

/**
 * True when an entry newer than `entries[index]` (the log is newest first) changed the same thing of
 * the same document, workspace or site: that undo's conflict is a change made here, not elsewhere.
 */
function changedHereSince(entries: readonly ChangeLogItem[], index: number): boolean {
  const entry = entries[index]!;
  const thing = SAME_THING[entry.kind];
  return thing !== undefined && entries.slice(0, index).some((later) => sameTarget(later.target, entry.target) && SAME_THING[later.kind] === thing);
}

/** What the history says was done, for the kinds that keep a document's name (a pin's words depend on `pinned`). */
const KIND_WORDS: Partial<Record<ChangeLogItem['kind'], MessageKey>> = {
  remove: 'historyRemoved',
  restore: 'historyRestored',
  copy: 'historyCopied',
  create: 'historyCreated',
  delete: 'historyDeleted',
};

/** What the history says was done to a person on a site: removed from it, or put back on it. */
const personWords = (entry: ChangeLogItem): MessageKey | undefined => (entry.kind === 'person' ? (entry.person.removed ? 'historyPersonRemoved' : 'historyPersonPutBack') : undefined);

/**
 * The accessible name of an entry's Undo, saying what it undoes: "Undo moving “Leads” to trash",
 * "Undo changing b@c.d to Viewer on “Budget”", "Undo removing b@c.d from “Acme Corp”".
 */
function undoLabel(entry: ChangeLogItem): string {
  if (entry.kind === 'access') {
    const before = entry.access.before.users ?? {};
    return accessUndoLabel(entry.name, entry.access.delta, (email) => Object.keys(before).some((each) => sameEmail(each, email) && before[each] !== null));
  }
  if (entry.kind === 'person') return t(entry.person.removed ? 'undoPersonRemovalOf' : 'undoPersonPutBackOf', entry.person.email, entry.site.name);
  const words: Record<ChangeLogItem['kind'], MessageKey> = {
    rename: 'undoRenameOf',
    move: 'undoMoveOf',
    remove: 'undoTrashOf',
    restore: 'undoRestoreOf',
    pin: entry.kind === 'pin' && entry.pinned ? 'undoPinOf' : 'undoUnpinOf',
    copy: 'undoCopyOf',
    create: 'undoCreateOf',
    access: 'undoAccessOf',
    // Said above, with the site.
    person: 'undoPersonRemovalOf',
    // Never offered (cannotUndo).
    delete: 'undo',
  };
  return t(words[entry.kind], entryName(entry));
}

/** A site and workspace, as the history names where a document was: `Acme Corp › Sales`. */
const place = (site: string, workspace: string | undefined) => [site, workspace].filter(Boolean).join(' › ');

function Entry({ store, entry, state, afterwards, changedHere }: EntryProps) {
  const move = entry.kind === 'move' ? entry.to : undefined;
  // Trash, restore, pin, copy, new document, delete, a person removed or put back: what was done, in words; an access change says what it changed.
  const done = entry.kind === 'pin' ? (entry.pinned ? 'historyPinned' : 'historyUnpinned') : (KIND_WORDS[entry.kind] ?? personWords(entry));
  const access = entry.kind === 'access' ? accessChangeWords(entry) : null;
  // A workspace's rename names its site, and says it was a workspace; a document's, its site and workspace.
  // The site as the list names it ("Ann Smith’s Personal"); with several accounts, an account's own personal site by the account that made it.
  const site = siteDisplayName(entry.site, entry.madeBy);
  const where = entry.target.kind === 'workspace' ? `${site} · ${t('historyWorkspace')}` : place(site, entry.workspace?.name);
  return (
    <li class="history-entry">
      {move ? (
        // A move: the document, and from where to where.
        <p class="history-names">
          <bdi dir="auto" class="history-new">
            {entryName(entry)}
          </bdi>
          {' '}
          {t('historyMoved')} <bdi dir="auto">{where}</bdi>
          <span aria-hidden="true"> → </span>
          <span class="visually-hidden"> {t('historyMovedTo')} </span>
          <bdi dir="auto">{place(siteDisplayName(move.site, entry.madeBy), move.workspace.name)}</bdi>
        </p>
      ) : access !== null ? (
        // An access change: the document, workspace or site, and what changed (emails are text, never markup).
        <p class="history-names">
          <bdi dir="auto" class="history-new">
            {entryName(entry)}
          </bdi>
          {': '}
          <bdi dir="auto">{access}</bdi>
        </p>
      ) : done ? (
        // Trash, restore, pin, copy, new document, delete: the document, what was done, and where.
        <p class="history-names">
          <bdi dir="auto" class="history-new">
            {entryName(entry)}
          </bdi>{' '}
          {t(done)} <bdi dir="auto">{where}</bdi>
        </p>
      ) : (
        <p class="history-names">
          <bdi dir="auto" class="history-old">
            {nameBefore(entry)}
          </bdi>
          <span aria-hidden="true"> → </span>
          <span class="visually-hidden"> {t('historyRenamedTo')} </span>
          <bdi dir="auto" class="history-new">
            {entryName(entry)}
          </bdi>
        </p>
      )}
      <p class="history-meta">
        <time dateTime={new Date(entry.at).toISOString()} title={exactTime(new Date(entry.at).toISOString())}>
          {timeAgo(new Date(entry.at).toISOString())}
        </time>
        {/* Said already in the names line but for a rename. */}
        {move || done ? null : (
          <>
            {' · '}
            <bdi dir="auto">{where}</bdi>
          </>
        )}
        {' · '}
        {sourceLabel(entry)}
        {entry.madeBy && (
          <>
            {' · '}
            <bdi dir="auto">{entry.madeBy}</bdi>
          </>
        )}
      </p>
      {entry.cannotUndo ? (
        <p class="history-hint">{entry.cannotUndo}</p>
      ) : (
        <UndoControls
          oldName={nameBefore(entry)}
          undo={state ?? { kind: 'offered' }}
          onUndo={(force) => afterwards(store.undo(entry, force))}
          onPutBack={(grant) => afterwards(store.putBack(entry, grant))}
          label={undoLabel(entry)}
          move={Boolean(move)}
          access={entry.kind === 'access'}
          changedHere={changedHere}
        />
      )}
    </li>
  );
}

/**
 * Clear history, asking first, in place (a popup cannot show the browser's confirm box); Escape keeps
 * it. `count`: the changes it forgets (0: only what was opened from the extension).
 */
function ClearHistory({ store, count, afterwards }: { store: HistoryStore; count: number; afterwards: (done: Promise<void>) => void }) {
  const [asking, setAsking] = useState(false);
  // Focus follows the question: to Clear when it is asked, back to Clear history when kept.
  const focusNext = useRef(false);
  const clearRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  // A layout effect: right after the change is drawn, before another click can come in between.
  useLayoutEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    (asking ? clearRef : askRef).current?.focus();
  }, [asking]);
  const ask = (next: boolean) => {
    focusNext.current = true;
    setAsking(next);
  };
  if (!asking) {
    return (
      <button type="button" class="history-clear" ref={askRef} onClick={() => ask(true)}>
        {t('clearHistory')}
      </button>
    );
  }
  return (
    <div
      class="history-confirm"
      role="group"
      aria-label={t('clearHistory')}
      // Keeps it, as Keep does (and, handled, does not leave the popup's History).
      onKeyDown={onEscape(() => ask(false))}
    >
      {/* No change made: what was opened is all there is to forget. */}
      <p>{count > 0 ? tCount('clearHistoryQuestion', count) : t('clearOpenedQuestion')}</p>
      <button type="button" class="history-clear-yes" ref={clearRef} onClick={() => afterwards(store.clear())}>
        {t('clearHistoryYes')}
      </button>
      <button type="button" onClick={() => ask(false)}>
        {t('keepHistory')}
      </button>
    </div>
  );
}
