/**
 * A bulk rename run on the Bulk changes page: started with the preview's new names of the documents
 * it renames (will rename, or a name another document has: Grist allows it); nothing starts while
 * the rules are invalid or rename nothing.
 */
import type { Preview } from '../rename/rename-preview.ts';
import type { PickedDocument } from '../documents/picked-document.ts';
import { defineRunKind } from './run-kind.ts';

/** What a rename run starts from: the picked documents, and the preview of the rules (null: invalid). */
export interface RenamePrepared {
  picked: readonly PickedDocument[];
  preview: Preview | null;
}

/** The rename run: each document the preview renames, with its new name. */
export const renameRun = defineRunKind('rename', ({ picked, preview }: RenamePrepared) => {
  if (!preview || preview.counts.rename === 0) return null;
  const items = picked.flatMap((entry, index) => {
    const verdict = preview.verdicts[index]!.kind;
    return verdict === 'rename' || verdict === 'duplicate' ? [{ orgId: entry.orgId, siteUrl: entry.siteUrl, docId: entry.document.id, newName: preview.newNames[index]! }] : [];
  });
  return { items };
});
