/**
 * The popup's parts most opens never show, in one chunk loaded the first time one is (see
 * lazy.tsx): the rename history, and the offer to undo the last rename. One chunk, not one each:
 * they share the undo controls, which would otherwise make a third.
 */
export { PopupHistory } from './popup-history.tsx';
export { UndoOffer } from './undo-offer.tsx';
