/**
 * Every change the popup makes, by the name the store calls it (store.ts): the store loads this
 * module (and its folder) when a change is first asked for, or when the popup is idle (main.tsx),
 * and hands each the change context, never itself. Most popups make none.
 */
export { beginRename, setDraft, cancelRename, commitRename } from './rename.ts';
export { commitMove } from './move.ts';
export { trashDocument } from './trash.ts';
export { pinDocument } from './pin.ts';
export { beginCopy, commitCopy } from './copy.ts';
export { createIn } from './new-document.ts';
export { createWorkspaceOn } from './new-workspace.ts';
export { trashWorkspace, restoreWorkspace } from './workspace-trash.ts';
export { readTrash, restore, deleteForever } from './from-trash.ts';
export { readAccess, changeShare, removeFromSite } from './share.ts';
export { readSitesPeople, readPersonGrants, removePerson, undoPersonRemoval } from './people.ts';
export { undoLast } from './undo.ts';
export { historyStore } from './history.ts';
