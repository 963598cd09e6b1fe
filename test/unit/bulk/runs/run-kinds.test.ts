/**
 * Each kind of bulk run on the Bulk changes page (src/bulk/runs/): the start request made from
 * what its form prepared, or none when nothing would be sent; and what Undo this batch came to, in
 * the kind's words.
 */
import { describe, expect, it } from 'vitest';
import { planMove } from '../../../../src/bulk/move-plan.ts';
import { workspaceKeyOf, type PickedDocument } from '../../../../src/bulk/documents/picked-document.ts';
import { previewRenames } from '../../../../src/bulk/rename/rename-preview.ts';
import { compileRules, NO_RULES, type RenameRules } from '../../../../src/bulk/rename/rename-rules.ts';
import { backupRun } from '../../../../src/bulk/runs/backup.ts';
import { copyRun } from '../../../../src/bulk/runs/copy.ts';
import { moveRun } from '../../../../src/bulk/runs/move.ts';
import { renameRun } from '../../../../src/bulk/runs/rename.ts';
import { undoneText } from '../../../../src/bulk/runs/run-kind.ts';
import { RUN_KINDS } from '../../../../src/bulk/runs/run-kinds.ts';
import { shareRun } from '../../../../src/bulk/runs/share.ts';
import { trashRun } from '../../../../src/bulk/runs/trash.ts';
import type { MoveDestination } from '../../../../src/shared/rules/move.ts';
import { siteEntry, workspaceEntry } from '../../../setup/listings.ts';

const ACME = 'https://acme.getgrist.com';

/** A document of Acme's workspace `workspaceId`, picked. */
const picked = (name: string, workspaceId = 50): PickedDocument => ({
  account: 'a1',
  orgId: 5,
  siteUrl: ACME,
  siteName: 'Acme',
  workspaceId,
  workspaceKey: workspaceKeyOf(ACME, workspaceId),
  workspaceName: 'Finance',
  document: { id: `id-${name}`, urlId: `id-${name}`, name, access: 'owners', isPinned: false, updatedAt: '2026-01-01T00:00:00.000Z' },
});

/** The preview of `documents` under `rules`. */
function preview(documents: PickedDocument[], rules: Partial<RenameRules>) {
  const compiled = compileRules({ ...NO_RULES, ...rules });
  if (!compiled.ok) throw new Error(compiled.error);
  return previewRenames(documents, compiled, new Map());
}

/** Acme's workspace 51, "Archive", as a destination. */
const archive = (): MoveDestination => {
  const workspace = workspaceEntry(51, 'Archive', []);
  return { site: siteEntry(5, 'Acme', [workspace], { siteUrl: ACME }), workspace, crossSite: false };
};

describe('the start of each kind of run', () => {
  it('a rename sends the documents the rules rename, each with its new name; none when they rename nothing', () => {
    const documents = [picked('Budget 2025'), picked('Notes')];
    expect(renameRun.request({ picked: documents, preview: preview(documents, { find: '2025', replace: '2026' }) })).toEqual({
      items: [{ orgId: 5, siteUrl: ACME, docId: 'id-Budget 2025', newName: 'Budget 2026' }],
    });
    expect(renameRun.request({ picked: documents, preview: preview(documents, { find: 'nothing', replace: 'x' }) })).toBeNull();
    expect(renameRun.request({ picked: documents, preview: null })).toBeNull();
  });

  it('a move sends the documents its plan moves, to its destination; none before a destination, or when all are there', () => {
    const documents = [picked('Budget', 50), picked('Kept', 51)];
    expect(moveRun.request({ picked: documents, plan: planMove(documents, archive()) })).toEqual({
      items: [{ orgId: 5, siteUrl: ACME, docId: 'id-Budget' }],
      to: { orgId: 5, siteUrl: ACME, workspaceId: 51 },
    });
    expect(moveRun.request({ picked: [documents[1]!], plan: planMove([documents[1]!], archive()) })).toBeNull();
    expect(moveRun.request({ picked: documents, plan: null })).toBeNull();
  });

  it('a trash or copy run sends every picked document (a copy, with where its copies go); none with none picked', () => {
    const documents = [picked('Budget'), picked('Notes')];
    const items = [
      { orgId: 5, siteUrl: ACME, docId: 'id-Budget' },
      { orgId: 5, siteUrl: ACME, docId: 'id-Notes' },
    ];
    expect(trashRun.request({ picked: documents })).toEqual({ items });
    expect(copyRun.request({ picked: documents, to: archive() })).toEqual({ items, to: { orgId: 5, siteUrl: ACME, workspaceId: 51 } });
    expect(trashRun.request({ picked: [] })).toBeNull();
    expect(copyRun.request({ picked: [], to: archive() })).toBeNull();
  });

  it('a sharing run sends the documents the preview changes, with the one change; none when it changes none', () => {
    const change = { kind: 'share' as const, emails: ['ann@example.com'], role: 'editors' as const };
    expect(shareRun.request({ documents: [picked('Budget')], change })).toEqual({ items: [{ orgId: 5, siteUrl: ACME, docId: 'id-Budget' }], change });
    expect(shareRun.request({ documents: [], change: { kind: 'public', public: true } })).toBeNull();
  });

  it('a backup sends every picked document with the format chosen; none with none picked; it has no undo’s words', () => {
    expect(backupRun.request({ picked: [picked('Budget')], format: 'csv' })).toEqual({ items: [{ orgId: 5, siteUrl: ACME, docId: 'id-Budget' }], format: 'csv' });
    expect(backupRun.request({ picked: [], format: 'grist' })).toBeNull();
    expect(backupRun.message).toBe('startBulkBackup');
    expect(RUN_KINDS.backup.words.undone).toBeUndefined();
  });
});

describe('what Undo this batch came to, in each kind’s words', () => {
  const result = (outcome: 'restored' | 'renamed-since' | 'moved-since' | 'failed', message?: string) => ({ docId: 'd', oldName: 'Budget', newName: 'Budget 2026', outcome, ...(message ? { message } : {}) });

  it('a rename or move is restored or not, and says what happened since', () => {
    expect(undoneText(RUN_KINDS.rename, result('restored'))).toBe('restored');
    expect(undoneText(RUN_KINDS.rename, result('renamed-since', 'Budget (final)'))).toBe('not restored: renamed elsewhere since, now “Budget (final)”');
    expect(undoneText(RUN_KINDS.move, result('moved-since', 'Clients'))).toBe('not moved back: moved to “Clients” since');
    expect(undoneText(RUN_KINDS.trash, result('failed', 'Grist did not answer.'))).toBe('not restored: Grist did not answer.');
  });

  it('a copy’s undo moves the copy to the trash, or says why not', () => {
    expect(undoneText(RUN_KINDS.copy, result('restored'))).toBe('moved to trash');
    expect(undoneText(RUN_KINDS.copy, result('renamed-since', 'Kept copy'))).toBe('not moved to trash: the copy was renamed since, now “Kept copy”');
    expect(undoneText(RUN_KINDS.copy, result('failed', 'Grist did not answer.'))).toBe('not moved to trash: Grist did not answer.');
  });

  it('a sharing run’s undo puts the access back, or says it was changed since (nothing sent) or why it failed', () => {
    expect(undoneText(RUN_KINDS.share, result('restored'))).toBe('access put back');
    expect(undoneText(RUN_KINDS.share, result('renamed-since', 'ann@example.com: Owner'))).toBe('not put back: its access was changed elsewhere since. ann@example.com: Owner');
    expect(undoneText(RUN_KINDS.share, result('failed', 'Grist did not answer.'))).toBe('not put back: Grist did not answer.');
  });
});
