/**
 * Who has access, read for the Share panel, and an access change from it (one `changeAccess`
 * with only what changes), run by the runner as the other kinds are: the panel shows it at once
 * itself (access lists are kept in its memory only, never in the store or the extension's
 * storage), and the listing a document's public mark; once Grist confirms, the status says so
 * with Undo, which the worker does by the inverse change it read first. Removing someone from a
 * site goes through the person removal (`removePerson` for that one site) instead: Grist takes
 * their workspace and document grants with them, which it reads first so its Undo puts them back
 * (the worker refuses it as an access change).
 */
import { settle, type Result } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import type { LoggedChange } from '../../shared/messages.ts';
import { plainTextName } from '../../shared/plain-text-name.ts';
import { resourceTarget } from '../../shared/change-log.ts';
import { publicLinkOf, sameEmail, type AccessDelta, type AccessList, type AccessResource } from '../../shared/sharing.ts';
import type { DocumentRef } from '../../listing-view/row-identity.ts';
import { accessUndoLabel } from '../../history/access-change-words.ts';
import { deltaMessage } from './share-panel-words.ts';
import type { ChangeContext, ChangeDescriptor, ListingEdit, UndoOffered } from './change-descriptor.ts';
import { withPublic } from './listing-edits.ts';
import { rowKey } from './row-ref.ts';
import type { ShareTarget } from './edit-states.ts';
import { followPersonRemoval, madeYouOwnerWords } from './people.ts';
import { type PersonGrants, type PersonSite } from '../../shared/people.ts';
import { runChange } from './runner.ts';

/**
 * A change asked from the panel open on `target`: `delta`, sent with `account` (the one its list was
 * read with); `had`, the emails with a role right there before (the status says their change as one).
 */
interface ShareVars {
  target: ShareTarget;
  account: string;
  delta: AccessDelta;
  had: readonly string[];
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
}

/**
 * The status's offer of undoing a change of `target`'s access that it describes as `message`, its
 * Undo named `undoLabel` (what it undoes); `undone`: what its undo does to the listing (default: nothing shows it).
 */
function accessOffer(target: ShareTarget, message: string, undoLabel: string, undone: () => ListingEdit = () => ({ change: (shown) => shown })): { offer: UndoOffered } {
  const words = { message, undoLabel, undoneMessage: () => t('accessUndone', plainTextName(target.name)) };
  return { offer: { row: target.row, undoTarget: resourceTarget(target.resource), access: true, oldName: target.name, words, undone } };
}

/** Clears the status as a change of access starts: the panel shows it at once itself. */
function startAccessChange({ announcement }: Pick<ChangeContext, 'announcement'>) {
  announcement.value = '';
  return {};
}

/**
 * An access change, as the runner runs it: a document's public mark follows its public link at
 * once (put back if Grist refuses, and by its undo); the status offers its undo.
 */
export const share: ChangeDescriptor<ShareVars, LoggedChange> = {
  onMutate(context, vars) {
    startAccessChange(context);
    const link = publicSwitch(vars);
    if (!link) return {};
    const shown = publicMarked(link.ref, link.on);
    context.confirm(shown.key!, shown.change);
    return { putBack: publicMarked(link.ref, !link.on) };
  },
  send: (backend, { target, account, delta }) => backend.changeAccess({ resource: target.resource, account, delta }),
  onSuccess(_context, _answer, vars) {
    const link = publicSwitch(vars);
    const had = (email: string) => vars.had.some((each) => sameEmail(each, email));
    const undoLabel = accessUndoLabel(vars.target.name, vars.delta, had);
    return accessOffer(vars.target, deltaMessage(vars.target.name, vars.delta, vars.had), undoLabel, link ? () => publicMarked(link.ref, !link.on) : undefined);
  },
};

/**
 * Someone removed from a site, as the runner runs it: removePerson for that one site, followed
 * until done (the worker checks the site and its owners again, reads what the person has there,
 * writes it to the change log, then sends). A person no
 * longer there is no change (nothing to undo); a failure is the worker's words.
 */
export const siteRemoval: ChangeDescriptor<SiteRemovalVars, LoggedChange> = {
  onMutate: startAccessChange,
  async send(backend, { target, email, previewId }) {
    const { orgId, siteUrl } = target.resource;
    const reply = await followPersonRemoval(backend, { email, ...(previewId ? { previewId } : {}), sites: [{ orgId, siteUrl }] });
    if (!reply.ok) return reply;
    const [site] = reply.value.sites;
    if (site?.outcome === 'failed') return { ok: false, error: { kind: site.kind, message: site.message } };
    return { ok: true, value: { entryId: site?.outcome === 'removed' ? site.entryId : null } };
  },
  onSuccess: (_context, { entryId }, { target, email, had }) =>
    accessOffer(
      target,
      [t('siteRemovedPerson', email, plainTextName(target.name)), entryId !== null && had ? madeYouOwnerWords([had]) : ''].filter(Boolean).join(' '),
      t('undoStopSharingOf', target.name, email),
    ),
};

/**
 * Removes `grants.email` from the site of the panel's `target` once its preview was confirmed
 * (siteRemoval, with what the preview read there). Out: the removal's log entry, or why not.
 */
export function removeFromSite(context: ChangeContext, target: ShareTarget, grants: PersonGrants): Promise<Result<LoggedChange>> {
  const { orgId, siteUrl } = target.resource;
  const had = grants.sites.find((site) => site.orgId === orgId && site.siteUrl === siteUrl);
  return runChange(context, siteRemoval, { target, email: grants.email, previewId: grants.previewId, ...(had ? { had } : {}) });
}

/** The email `delta` removes from `resource` when it is a site and that is all the delta does; null otherwise. */
function siteRemovalOf(resource: AccessResource, delta: AccessDelta): string | null {
  if (resource.kind !== 'site' || delta.maxInheritedRole !== undefined) return null;
  const users = Object.entries(delta.users ?? {});
  const only = users.length === 1 ? users[0] : undefined;
  return only && only[1] === null ? only[0] : null;
}

/** Reads who has access to `resource` (one request, through the worker). Out: the list, or why not. */
export function readAccess(context: ChangeContext, resource: AccessResource): Promise<Result<AccessList>> {
  return settle(context.backend.readAccess(resource));
}

/**
 * Sends `delta` to the resource of the panel's `target` (see `share`); a removal from a site, as
 * siteRemoval (the person's removal, with the account that owns the site); `had`: the emails with a
 * role there before. Out: Grist's answer, or its refusal.
 */
export function changeShare(context: ChangeContext, target: ShareTarget, account: string, delta: AccessDelta, had: readonly string[] = []): Promise<Result<LoggedChange>> {
  const removed = siteRemovalOf(target.resource, delta);
  return removed === null ? runChange(context, share, { target, account, delta, had }) : runChange(context, siteRemoval, { target, email: removed });
}
