/** A bulk run to the trash on the Bulk changes page: started with every picked document; nothing starts with none picked. */
import { RUN_WORDS } from '../../shared/bulk-words.ts';
import { pickedKeys, type PickedDocument } from '../picked-document.ts';
import { UNDONE_WORDS, type RunKind } from './run-kind.ts';

export const trashRun: RunKind<'trash', { picked: readonly PickedDocument[] }> = {
  kind: 'trash',
  message: 'startBulkTrash',
  words: RUN_WORDS.trash,
  undone: UNDONE_WORDS,
  request: ({ picked }) => (picked.length === 0 ? null : { items: pickedKeys(picked) }),
};
