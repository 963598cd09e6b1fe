/**
 * Who has access, read for the Share panel, and an access change from it (one `changeAccess`
 * with only what changes), run by the runner as the other kinds are: the panel shows it at once
 * itself (access lists are kept in its memory only, never in the store or the extension's
 * storage); once Grist confirms, the status says so with Undo, which the worker does by the
 * inverse change it read first.
 */
import { settle, type Result } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import type { LoggedChange } from '../../shared/messages.ts';
import { plainTextName } from '../../shared/plain-text-name.ts';
import { accessKey } from '../../shared/change-log.ts';
import type { AccessDelta, AccessList, AccessResource } from '../../shared/sharing.ts';
import { deltaMessage } from './access-words.ts';
import type { ChangeContext, ChangeDescriptor } from './change-descriptor.ts';
import type { ShareTarget } from './edit-states.ts';
import { runChange } from './runner.ts';

/** A change asked from the panel open on `target`: `delta`, sent with `account` (the one its list was read with). */
interface ShareVars {
  target: ShareTarget;
  account: string;
  delta: AccessDelta;
}

/** An access change, as the runner runs it: the listing shows nothing of it; the status offers its undo. */
export const share: ChangeDescriptor<ShareVars, LoggedChange> = {
  onMutate({ announcement }) {
    announcement.value = '';
    return {};
  },
  send: (backend, { target, account, delta }) => backend.changeAccess({ resource: target.resource, account, delta }),
  onSuccess(_context, _answer, { target, delta }) {
    const words = {
      message: deltaMessage(target.name, delta),
      undoLabel: t('undoAccessOf', target.name),
      undoneMessage: () => t('accessUndone', plainTextName(target.name)),
    };
    return { offer: { row: target.row, undoKey: accessKey(target.resource), access: true, oldName: target.name, words, undone: () => ({ change: (shown) => shown }) } };
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
