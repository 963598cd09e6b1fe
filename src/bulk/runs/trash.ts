/** A bulk run to the trash on the Bulk changes page: started with every picked document; nothing starts with none picked. */
import { pickedKeys, type PickedDocument } from '../documents/picked-document.ts';
import { defineRunKind } from './run-kind.ts';

/** The run to the trash: every picked document. */
export const trashRun = defineRunKind('trash', ({ picked }: { picked: readonly PickedDocument[] }) => (picked.length === 0 ? null : { items: pickedKeys(picked) }));
