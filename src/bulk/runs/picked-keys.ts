/** The picked documents as a start message names them: which, not what becomes of them. */
import type { DocumentKey } from '../../shared/messages.ts';
import type { PickedDocument } from '../rename-preview.ts';

/** Each of `picked` by its site (id and address: org ids are per server) and id. */
export function pickedKeys(picked: readonly PickedDocument[]): DocumentKey[] {
  return picked.map((entry) => ({ orgId: entry.orgId, siteUrl: entry.siteUrl, docId: entry.document.id }));
}
