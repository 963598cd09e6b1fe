/**
 * Who has access, read for the Share panel, and an access change from it (one `changeAccess`
 * with only what changes), run by the runner as the other kinds are: the panel shows it at once
 * itself (access lists are kept in its memory only, never in the store or the extension's
 * storage), and the listing a document's public mark; once Grist confirms, the status says so
 * with Undo, which the worker does by the inverse change it read first.
 */
import { settle, type Result } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import type { LoggedChange } from '../../shared/messages.ts';
import { plainTextName } from '../../shared/plain-text-name.ts';
import { accessKey } from '../../shared/change-log.ts';
import { publicLinkOf, type AccessDelta, type AccessList, type AccessResource } from '../../shared/sharing.ts';
import type { DocumentRef } from '../../listing-view/row-identity.ts';
import { deltaMessage } from './share-panel-words.ts';
import type { ChangeContext, ChangeDescriptor, ListingEdit } from './change-descriptor.ts';
import { withPublic } from './listing-edits.ts';
import { rowKey } from './row-ref.ts';
import type { ShareTarget } from './edit-states.ts';
import { runChange } from './runner.ts';

/** A change asked from the panel open on `target`: `delta`, sent with `account` (the one its list was read with). */
interface ShareVars {
  target: ShareTarget;
  account: string;
  delta: AccessDelta;
}

/** What a change of a document's public link in `vars` does to its row: the row, and whether the link is on after; null for any other change. */
function publicSwitch({ target, delta }: ShareVars): { ref: DocumentRef; on: boolean } | null {
  const link = publicLinkOf(delta);
  return link !== undefined && target.row && 'docId' in target.row ? { ref: target.row, on: link !== null } : null;
}

/** The listing with document `ref`'s public mark on (or off), kept over refreshes under way. */
const publicMarked = (ref: DocumentRef, isPublic: boolean): ListingEdit => ({ key: rowKey(ref), change: (shown) => withPublic(shown, ref, isPublic) });

/**
 * An access change, as the runner runs it: a document's public mark follows its public link at
 * once (put back if Grist refuses, and by its undo); the status offers its undo.
 */
export const share: ChangeDescriptor<ShareVars, LoggedChange> = {
  onMutate({ confirm, announcement }, vars) {
    announcement.value = '';
    const link = publicSwitch(vars);
    if (!link) return {};
    const shown = publicMarked(link.ref, link.on);
    confirm(shown.key!, shown.change);
    return { putBack: publicMarked(link.ref, !link.on) };
  },
  send: (backend, { target, account, delta }) => backend.changeAccess({ resource: target.resource, account, delta }),
  onSuccess(_context, _answer, vars) {
    const { target, delta } = vars;
    const link = publicSwitch(vars);
    const words = {
      message: deltaMessage(target.name, delta),
      undoLabel: t('undoAccessOf', target.name),
      undoneMessage: () => t('accessUndone', plainTextName(target.name)),
    };
    return { offer: { row: target.row, undoKey: accessKey(target.resource), access: true, oldName: target.name, words, undone: () => (link ? publicMarked(link.ref, !link.on) : { change: (shown) => shown }) } };
  },
};

/** Reads who has access to `resource` (one request, through the worker). Out: the list, or why not. */
export function readAccess(context: ChangeContext, resource: AccessResource): Promise<Result<AccessList>> {
  return settle(context.backend.readAccess(resource));
}

/** Sends `delta` to the resource of the panel's `target` (see `share`). Out: Grist's answer, or its refusal. */
export function changeShare(context: ChangeContext, target: ShareTarget, account: string, delta: AccessDelta): Promise<Result<LoggedChange>> {
  return runChange(context, share, { target, account, delta });
}
