/**
 * The sharing preview of the Bulk changes page, row by row: for each picked document, each person
 * the change names with their role now and after (planAccessChange), or where its read stands; and
 * which documents the run sends (those with something to change: "unchanged" is not sent). Pure.
 */
import type { SharingChange } from '../../shared/protocol/sharing.ts';
import { planAccessChange, type PlannedPerson } from '../../shared/rules/access-plan.ts';
import { accessKeyOf, type AccessRead } from './access-reads.ts';
import type { PickedDocument } from '../documents/picked-document.ts';

/** One row of the preview: a person on a document, or a document not read (yet), or one whose access the user may not change. */
export type SharePreviewRow =
  | { kind: 'person'; picked: PickedDocument; person: PlannedPerson }
  | { kind: 'reading'; picked: PickedDocument }
  | { kind: 'failed'; picked: PickedDocument; message: string }
  | { kind: 'not-owner'; picked: PickedDocument };

/** What the change comes to on the picked documents. */
export interface SharePreview {
  rows: SharePreviewRow[];
  /** The documents with something to change: the run's items. */
  changing: PickedDocument[];
  /** Documents read with nothing to change (not sent). */
  unchanged: number;
  /** Documents whose read is on its way, and those whose read failed (not sent). */
  reading: number;
  failed: number;
}

/** In: the picked documents (listing order), the change, and the reads so far. Out: the preview. */
export function previewSharing(picked: readonly PickedDocument[], change: SharingChange, reads: ReadonlyMap<string, AccessRead>): SharePreview {
  const preview: SharePreview = { rows: [], changing: [], unchanged: 0, reading: 0, failed: 0 };
  for (const entry of picked) {
    const read = reads.get(accessKeyOf(entry)) ?? { state: 'reading' };
    if (read.state === 'reading') {
      preview.reading += 1;
      preview.rows.push({ kind: 'reading', picked: entry });
    } else if (read.state === 'failed') {
      preview.failed += 1;
      preview.rows.push({ kind: 'failed', picked: entry, message: read.message });
    } else if (!read.access.canChange) {
      // Grist answers 403 to an editor's or a viewer's change: nothing is sent.
      preview.failed += 1;
      preview.rows.push({ kind: 'not-owner', picked: entry });
    } else {
      const plan = planAccessChange(change, read.access);
      if (plan.delta) preview.changing.push(entry);
      else preview.unchanged += 1;
      for (const person of plan.people) preview.rows.push({ kind: 'person', picked: entry, person });
    }
  }
  return preview;
}

