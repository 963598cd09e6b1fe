/**
 * The popup's parts most opens never show, in one chunk loaded the first time one is (see
 * lazy.tsx), or when the popup is idle (main.tsx): the History and Trash views, the rename field,
 * the offer to undo the last change, a document's destination picker and copy form, its More
 * actions menu and their actions, a workspace's New document field, why the listing or a site could not be
 * listed, the headings of two or more accounts, and the sentence a refresh ends with. One chunk,
 * not one each: they share the undo controls and the popup's message helpers, which would
 * otherwise make more.
 */
export { ViewPanel } from './view-panel.tsx';
export { UndoOffer } from './undo-offer.tsx';
export { MovePanel } from './move-panel.tsx';
export { ListingNotice } from './listing-notice.tsx';
export { AccountRowView } from './account-row.tsx';
export { ListingError } from './error-actions.tsx';
export { RenameField } from './rename-field.tsx';
export { RowMenu } from './row-menu.tsx';
export { NewDocumentField } from './new-document-field.tsx';
export * as documentActions from './document-actions.ts';
export * as changeActions from './change-actions.ts';
export * as listingSummary from './listing-summary.ts';
