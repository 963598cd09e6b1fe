/**
 * An access change from the Share panel (one `changeAccess` with only what changes; who has
 * access is read first, by reads/access.ts), run by the runner as the other kinds are: it shows at
 * once in the panel's list (handed over as a SharePanelList: access lists are kept in the panel's
 * memory only, never in the store or the extension's storage), and in the listing a document's
 * public mark; refused, both are put back (the panel's read again from Grist) and the panel says
 * why; once Grist confirms, the status says so with Undo, which the worker does by the inverse
 * change it read first. Removing someone from a
 * site goes through the person removal (`removePerson` for that one site) instead: Grist takes
 * their workspace and document grants with them, which it reads first so its Undo puts them back
 * (the worker refuses it as an access change).
 */
import type { Backend } from '../../../page-shared/backend-client.ts';
import type { ErrorValue, Result } from '../../../shared/protocol/errors.ts';
import { t } from '../../../shared/i18n.ts';
import type { LoggedChange } from '../../../shared/protocol/messages.ts';
import { plainTextName } from '../../../shared/rules/plain-text-name.ts';
import { resourceTarget } from '../../../shared/protocol/change-log.ts';
import { publicLinkOf, sameEmail, type AccessDelta, type AccessList, type AccessResource } from '../../../shared/protocol/sharing.ts';
import type { DocumentRef } from '../../../listing-view/row-identity.ts';
import { accessUndoLabel } from '../../../history/access-change-words.ts';
import { deltaMessage } from '../share-panel-words.ts';
import type { ChangeContext, ListingEdit, RegisteredChange, UndoOffered } from '../change-descriptor.ts';
import { withDelta } from '../access-edits.ts';
import { withPublic } from '../listing-edits.ts';
import { loggedDocument } from '../logged-rows.ts';
import { rowKey } from '../../reads/row-ref.ts';
import type { ShareTarget } from '../edit-states.ts';
import { followPersonRemoval, madeYouOwnerWords } from './people.ts';
import type { PersonGrants, PersonSite } from '../../../shared/protocol/people.ts';
import { runChange, sayRefusal } from '../runner.ts';

/**
 * The Share panel's list as its changes show it: the panel keeps it in its own state, never the
 * store; a change edits it at once, and Grist's answer is said there.
 */
export interface SharePanelList {
  /** The list as the panel shows it now: a change is sent with its account. */
  list: AccessList;
  /** Shows the list as `change` makes it, now; what the panel said of an earlier refusal goes. */
  edit(change: (list: AccessList) => AccessList): void;
  /** Grist refused (its words, `message`): the panel says so, and reads its list again (what Grist has). */
  refused(message: string): void;
  /** Grist took a change: what the panel said of one it refused before goes. */
  taken(): void;
}

/**
 * A change asked from the panel open on `target`: `delta`, sent with `account` (the one its list was
 * read with); `had`, the emails with a role right there before (the status says their change as one);
 * `panel`, the panel's list, which shows it.
 */
interface ShareVars {
  target: ShareTarget;
  account: string;
  delta: AccessDelta;
  had: readonly string[];
  panel: SharePanelList;
}

/** What a change of a document's public link in `vars` does to its row: the row, and whether the link is on after; null for any other change. */
function publicSwitch({ target, delta }: ShareVars): { ref: DocumentRef; on: boolean } | null {
  const link = publicLinkOf(delta);
  return link !== undefined && target.row && 'docId' in target.row ? { ref: target.row, on: link !== null } : null;
}

/** The listing with document `ref`'s public mark on (or off), kept over refreshes under way. */
const publicMarked = (ref: DocumentRef, isPublic: boolean): ListingEdit => ({ key: rowKey(ref), change: (shown) => withPublic(shown, ref, isPublic) });

/**
 * Someone removed from the site of the panel's `target`; `had`: what the preview read they have
 * there (its words: what Grist makes the user an owner of), `previewId`: that preview, whose reads
 * the worker kept (it takes what Grist has when it sends, never what the page says).
 */
interface SiteRemovalVars {
  target: ShareTarget;
  email: string;
  had?: PersonSite;
  previewId?: string;
  /** The panel's list: the person leaves it once Grist took the removal. */
  panel: SharePanelList;
}

/**
 * The status's offer of undoing a change of `target`'s access that it describes as `message`, its
 * Undo named `undoLabel` (what it undoes); `undone`: what its undo does to the listing (default: nothing shows it).
 */
function accessOffer(target: ShareTarget, message: string, undoLabel: string, undone: () => ListingEdit = () => ({ change: (shown) => shown })): { offer: UndoOffered } {
  const words = { message, undoLabel, undoneMessage: () => t('accessUndone', plainTextName(target.name)) };
  return { offer: { row: target.row, undoTarget: resourceTarget(target.resource), access: true, oldName: target.name, words, undone } };
}

/**
 * A change of access Grist refused (or no answer): said in the panel, which reads its list again
 * (what Grist has), and, as any refusal, in the status, what the listing showed at once put back.
 * Out: what puts it back.
 */
function refusedInPanel(context: ChangeContext, error: ErrorValue, { panel }: { panel: SharePanelList }, mutated: { putBack?: ListingEdit }): ListingEdit | null {
  panel.refused(error.message);
  return sayRefusal(context, error, mutated);
}

/** Clears the status as a change of access starts: the panel shows it at once itself. */
function startAccessChange({ announcement }: Pick<ChangeContext, 'announcement'>) {
  announcement.value = '';
  return {};
}

/**
 * An access change, as the runner runs it: the panel's list shows it at once, and a document's
 * public mark follows its public link (put back if Grist refuses, and by its undo); a refusal is
 * said in the panel and the status, the panel's list read again; once confirmed, the status offers
 * its undo.
 */
export const share = {
  logged: [
    { kind: 'access', target: 'document' },
    { kind: 'access', target: 'workspace' },
    { kind: 'access', target: 'site' },
  ],
  // Undone, a document's public mark is as its public link was before (`before`), where the change
  // switched it; the listing shows nothing else of who has access.
  undone: (entry) => {
    const access = entry.kind === 'access' && entry.target.kind === 'document' ? entry.access : undefined;
    return access && publicLinkOf(access.delta) !== undefined ? publicMarked(loggedDocument(entry), publicLinkOf(access.before) != null) : null;
  },
  acts: { changeShare },
  words: ['inheritedSet', 'madePublic', 'madePrivate', 'stoppedSharingWith', 'roleChangedOn', 'sharedWith', 'undoAccessOf', 'undoShareOf', 'undoRoleChangeOf', 'undoStopSharingOf', 'accessUndone'],
  onMutate(context, vars) {
    startAccessChange(context);
    vars.panel.edit((list) => withDelta(list, vars.delta));
    const link = publicSwitch(vars);
    if (!link) return {};
    const shown = publicMarked(link.ref, link.on);
    context.confirm(shown.key!, shown.change);
    return { putBack: publicMarked(link.ref, !link.on) };
  },
  send: (backend: Pick<Backend, 'changeAccess'>, { target, account, delta }) => backend.changeAccess({ resource: target.resource, account, delta }),
  onError: (context, error, vars, mutated) => refusedInPanel(context, error, vars, mutated),
  onSuccess(_context, _answer, vars) {
    vars.panel.taken();
    const link = publicSwitch(vars);
    const had = (email: string) => vars.had.some((each) => sameEmail(each, email));
    const undoLabel = accessUndoLabel(vars.target.name, vars.delta, had);
    return accessOffer(vars.target, deltaMessage(vars.target.name, vars.delta, vars.had), undoLabel, link ? () => publicMarked(link.ref, !link.on) : undefined);
  },
} satisfies RegisteredChange<ShareVars, LoggedChange>;

/**
 * Someone removed from a site, as the runner runs it: removePerson for that one site, followed
 * until done (the worker checks the site and its owners again, reads what the person has there,
 * writes it to the change log, then sends). A person no
 * longer there is no change (nothing to undo); a failure is the worker's words.
 */
export const siteRemoval = {
  logged: [{ kind: 'person', target: 'site' }],
  // The listing shows nobody's access.
  undone: () => null,
  acts: { removeFromSite },
  words: ['siteRemovedPerson', 'peopleMadeYouOwner', 'undoStopSharingOf', 'accessUndone'],
  onMutate: startAccessChange,
  async send(backend: Pick<Backend, 'removePerson' | 'getPersonRemoval'>, { target, email, previewId }) {
    const { orgId, siteUrl } = target.resource;
    const reply = await followPersonRemoval(backend, { email, ...(previewId ? { previewId } : {}), sites: [{ orgId, siteUrl }] });
    if (!reply.ok) return reply;
    const [site] = reply.value.sites;
    if (site?.outcome === 'failed') return { ok: false, error: { kind: site.kind, message: site.message } };
    return { ok: true, value: { entryId: site?.outcome === 'removed' ? site.entryId : null } };
  },
  onError: (context, error, vars, mutated) => refusedInPanel(context, error, vars, mutated),
  onSuccess(_context, { entryId }, { target, email, had, panel }) {
    panel.edit((list) => withDelta(list, { users: { [email]: null } }));
    panel.taken();
    return accessOffer(
      target,
      [t('siteRemovedPerson', email, plainTextName(target.name)), entryId !== null && had ? madeYouOwnerWords([had]) : ''].filter(Boolean).join(' '),
      t('undoStopSharingOf', target.name, email),
    );
  },
} satisfies RegisteredChange<SiteRemovalVars, LoggedChange>;

/**
 * Removes `grants.email` from the site of the panel's `target` once its preview was confirmed
 * (siteRemoval, with what the preview read there), the person gone from `panel`'s list once Grist
 * took it. Out: the removal's log entry, or why not.
 */
export function removeFromSite(context: ChangeContext, target: ShareTarget, grants: PersonGrants, panel: SharePanelList): Promise<Result<LoggedChange>> {
  const { orgId, siteUrl } = target.resource;
  const had = grants.sites.find((site) => site.orgId === orgId && site.siteUrl === siteUrl);
  return runChange(context, siteRemoval, { target, email: grants.email, previewId: grants.previewId, panel, ...(had ? { had } : {}) });
}

/** The email `delta` removes from `resource` when it is a site and that is all the delta does; null otherwise. */
function siteRemovalOf(resource: AccessResource, delta: AccessDelta): string | null {
  if (resource.kind !== 'site' || delta.maxInheritedRole !== undefined) return null;
  const users = Object.entries(delta.users ?? {});
  const only = users.length === 1 ? users[0] : undefined;
  return only && only[1] === null ? only[0] : null;
}

/**
 * Sends `delta` to the resource of the panel's `target` (see `share`) with the account `panel`'s
 * list was read with, shown in that list at once; a removal from a site, as siteRemoval (the
 * person's removal, with the account that owns the site). Out: Grist's answer, or its refusal.
 */
export function changeShare(context: ChangeContext, target: ShareTarget, delta: AccessDelta, panel: SharePanelList): Promise<Result<LoggedChange>> {
  const removed = siteRemovalOf(target.resource, delta);
  if (removed !== null) return runChange(context, siteRemoval, { target, email: removed, panel });
  // The emails with a role right there before: the status says their change as one.
  const had = panel.list.people.flatMap((person) => (person.role ? [person.email] : []));
  return runChange(context, share, { target, account: panel.list.account, delta, had, panel });
}
