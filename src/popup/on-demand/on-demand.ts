/**
 * The popup's parts most opens never show, in one chunk loaded the first time one is (see
 * lazy.tsx), or when the popup is idle (main.tsx): the History and Trash views, the rename field,
 * the offer to undo the last change, a document's destination picker and copy form, its More
 * actions menu, a workspace's New document field, why the listing or a site could not be listed,
 * and the headings of two or more accounts. One chunk, not one each: they share the undo controls
 * and the popup's message helpers, which would otherwise make more. The changes they ask for load
 * with them (lazy.tsx), from the store's own chunk (changes/popup-changes.ts).
 */
export { ViewPanel } from '../panels/view-panel.tsx';
export { UndoOffer } from '../status/undo-offer.tsx';
export { MovePanel } from '../panels/move-panel.tsx';
export { ListingNotice } from '../status/listing-notice.tsx';
export { AccountRowView } from '../list/account-row.tsx';
export { ListingError } from '../status/error-actions.tsx';
export { RenameField } from '../panels/rename-field.tsx';
export { RowMenu } from '../panels/row-menu.tsx';
export { NewDocumentField } from '../panels/new-document-field.tsx';
