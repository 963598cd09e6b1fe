/**
 * The popup's Trash view (its title bar menu's Trash): each listed site's workspaces (restored with
 * their documents: trash-workspace-row.tsx) and documents in the trash,
 * read when the view opens (one request per site, by the worker) and after an undo, with when each was removed, and
 * for owners (Grist lets no one else) Restore and Delete forever, asked in place first ("cannot be
 * undone"; Cancel or Escape keep it, the focus back on Delete forever). The popup's search box,
 * the Trash's own while it shows (`terms`: "Search the trash"), searches it as the list is searched:
 * by document, workspace or site name. Grist empties the
 * trash itself after TRASH_DAYS days: the view says so. Names come from Grist: text only. Loaded
 * on demand (on-demand/lazy.tsx).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { canTrash } from '../../shared/rules/document-rules.ts';
import { onEscape } from '../../page-shared/escape-key.ts';
import { t, tCount } from '../../shared/i18n.ts';
import { siteDisplayName } from '../../shared/protocol/listing.ts';
import { placedNameMatches } from '../../shared/rules/search.ts';
import { TRASH_DAYS, type TrashedDocument, type TrashedWorkspace, type TrashSite } from '../../shared/protocol/trash.ts';
import type { PopupStore } from '../store-types.ts';
import { TrashItem } from './trash-item.tsx';
import { TrashWorkspaceRow } from './trash-workspace-row.tsx';

/** A document or workspace of the trash by its site's address and its id: what the view's states are keyed by. */
const keyOf = (site: TrashSite, item: TrashedDocument | TrashedWorkspace) => `${site.account} ${site.siteUrl} ${item.id}`;

export function TrashView({ store, terms }: { store: PopupStore; terms: readonly string[] }) {
  const [sites, setSites] = useState<TrashSite[] | string | null>(null);
  /** The document whose Delete forever asks first, if any. */
  const [asking, setAsking] = useState<string | null>(null);
  /** Each document's last failure, by keyOf. */
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [busy, setBusy] = useState<string | null>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);

  // Read when shown, and again after the status line's undo, which may have put one back or in.
  // The list shown stays until the new one comes.
  const undone = store.undone.value;
  useEffect(() => {
    let shown = true;
    void store.act('readTrash').then((read) => shown && setSites(read));
    return () => {
      shown = false;
    };
  }, [undone]);

  /** Runs Restore or Delete forever on one document, or Restore on a workspace; once done, it leaves the view. */
  async function run(action: 'restore' | 'deleteForever', site: TrashSite, document: TrashedDocument): Promise<void> {
    await settle(keyOf(site, document), () => store.act(action, site, document), { ...site, documents: site.documents.filter((other) => other !== document) });
  }

  async function restoreWorkspace(site: TrashSite, workspace: TrashedWorkspace): Promise<void> {
    await settle(keyOf(site, workspace), () => store.act('restoreWorkspace', site, workspace), { ...site, workspaces: site.workspaces.filter((other) => other !== workspace) });
  }

  /** Runs one action on the item `key`; `without`: its site as the view shows it once the item is done with. */
  async function settle(key: string, action: () => Promise<string | null>, without: TrashSite): Promise<void> {
    if (busy) return;
    setBusy(key);
    const failure = await action();
    setBusy(null);
    setAsking(null);
    const next = new Map(errors);
    if (failure) next.set(key, failure);
    else next.delete(key);
    setErrors(next);
    if (!failure && typeof sites === 'object' && sites) setSites(sites.map((entry) => (entry.account === without.account && entry.siteUrl === without.siteUrl ? without : entry)));
    // The row and its buttons went: the focus goes to the view's note, not the top of the page.
    if (!failure) noteRef.current?.focus();
  }

  if (sites === null) return <p class="quiet">{t('trashReading')}</p>;
  if (typeof sites === 'string') return <p class="row-error">{sites}</p>;
  // What the search box finds, as it finds documents in the list.
  const matching = sites.map((site) => ({
    site,
    workspaces: terms.length === 0 ? site.workspaces : site.workspaces.filter((workspace) => placedNameMatches(terms, workspace.name, siteDisplayName(site))),
    documents: terms.length === 0 ? site.documents : site.documents.filter((document) => placedNameMatches(terms, document.name, siteDisplayName(site), document.workspace.name)),
  }));
  const found = ({ workspaces, documents }: { workspaces: TrashedWorkspace[]; documents: TrashedDocument[] }) => workspaces.length + documents.length > 0;
  const shown = matching.filter((entry) => found(entry) || entry.site.error);
  const held = sites.some(found);
  const empty = !held && shown.length === 0;
  const noMatch = held && !matching.some(found);
  return (
    <>
      <p class="quiet trash-note" ref={noteRef} tabIndex={-1}>
        {t('trashNote', tCount('dayCount', TRASH_DAYS))}
      </p>
      {empty ? <p class="empty-state">{t('trashEmpty')}</p> : noMatch ? <p class="empty-state">{t('trashNoMatch')}</p> : null}
      {shown.map(({ site, workspaces, documents }) => (
        <section class="trash-site" key={`${site.account} ${site.siteUrl}`}>
          <h3 class="site-heading">
            <bdi dir="auto">{siteDisplayName(site)}</bdi>
          </h3>
          {site.error ? <p class="row-error">{site.error.message}</p> : null}
          <ul class="trash-list">
            {workspaces.map((workspace) => {
              const key = keyOf(site, workspace);
              return <TrashWorkspaceRow key={key} workspace={workspace} busy={busy === key} error={errors.get(key)} onRestore={() => void restoreWorkspace(site, workspace)} />;
            })}
            {documents.map((document) => {
              const key = keyOf(site, document);
              return (
                <TrashRow
                  key={key}
                  document={document}
                  owner={canTrash(document)}
                  asking={asking === key}
                  busy={busy === key}
                  error={errors.get(key)}
                  onRestore={() => void run('restore', site, document)}
                  onAsk={(ask) => setAsking(ask ? key : null)}
                  onDelete={() => void run('deleteForever', site, document)}
                />
              );
            })}
          </ul>
        </section>
      ))}
    </>
  );
}

interface TrashRowProps {
  document: TrashedDocument;
  /** Owners may restore it and delete it forever. */
  owner: boolean;
  /** True while Delete forever asks first. */
  asking: boolean;
  busy: boolean;
  error: string | undefined;
  onRestore: () => void;
  /** true: ask before deleting it forever; false: do not (Cancel). */
  onAsk: (ask: boolean) => void;
  onDelete: () => void;
}

function TrashRow({ document, owner, asking, busy, error, onRestore, onAsk, onDelete }: TrashRowProps) {
  const questionRef = useRef<HTMLParagraphElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  /** True once the question was given up (Cancel, Escape): the focus goes back to Delete forever. */
  const keptRef = useRef(false);
  useLayoutEffect(() => {
    if (asking) questionRef.current?.focus();
    else if (keptRef.current) deleteRef.current?.focus();
    keptRef.current = false;
  }, [asking]);
  // Not while its delete is on its way: the question goes once it is answered.
  const keep = () => {
    if (busy) return;
    keptRef.current = true;
    onAsk(false);
  };
  return (
    <TrashItem name={document.name} detail={<bdi dir="auto">{document.workspace.name}</bdi>} removedAt={document.removedAt} error={error}>
      {asking ? (
        <div
          class="trash-confirm"
          // Keeps it (and, handled, neither leaves the view nor closes the popup).
          onKeyDown={onEscape(keep)}
        >
          <p ref={questionRef} tabIndex={-1} role="alert">
            {t('deleteForeverQuestion', document.name)}
          </p>
          {/* The harmless answer first: the one Tab reaches first. */}
          <button type="button" class="link-button" onClick={keep}>
            {t('cancel')}
          </button>
          <button type="button" class="link-button danger" aria-disabled={busy ? 'true' : undefined} onClick={onDelete}>
            {t('deleteForever')}
          </button>
        </div>
      ) : owner ? (
        <div class="trash-actions">
          <button type="button" class="link-button" aria-label={t('restoreOf', document.name)} aria-disabled={busy ? 'true' : undefined} onClick={onRestore}>
            {t('restore')}
          </button>
          {/* Named "Delete <name> forever" by its text, the name visually hidden: a label would not hold the visible words. */}
          <button type="button" class="link-button danger" ref={deleteRef} onClick={() => onAsk(true)}>
            {t('deleteWord')} <span class="visually-hidden">{document.name}</span> {t('foreverWord')}
          </button>
        </div>
      ) : null}
    </TrashItem>
  );
}
