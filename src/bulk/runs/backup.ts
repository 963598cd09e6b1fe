/**
 * A bulk backup run on the Bulk changes page: every picked document downloaded as one format into a
 * new folder of the browser's downloads (BulkBackupRequest); nothing starts with none picked. It
 * only reads: the worker logs nothing, and its snapshot says `withoutUndo`, so it has no Undo this
 * batch (the words of an undo below are never shown).
 */
import type { DownloadFormat } from '../../shared/protocol/downloads.ts';
import { pickedKeys, type PickedDocument } from '../documents/picked-document.ts';
import { defineRunKind } from './run-kind.ts';

/** What a backup run starts from: the picked documents, and the format each is saved as. */
export interface BackupPrepared {
  picked: readonly PickedDocument[];
  format: DownloadFormat;
}

/** The backup run: every picked document, saved as `format`. */
export const backupRun = defineRunKind('backup', ({ picked, format }: BackupPrepared) => (picked.length === 0 ? null : { items: pickedKeys(picked), format }));
