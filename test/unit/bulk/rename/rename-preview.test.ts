/** The bulk rename's preview (src/bulk/rename/rename-preview.ts): new names, verdicts, counts. */
import { describe, expect, it } from 'vitest';
import { workspaceKeyOf, type PickedDocument } from '../../../../src/bulk/documents/picked-document.ts';
import { changedPart, previewRenames, verdictAt } from '../../../../src/bulk/rename/rename-preview.ts';
import { compileRules, NO_RULES, type RenameRules } from '../../../../src/bulk/rename/rename-rules.ts';

const picked = (name: string, workspaceId = 1, workspaceName = 'Finance', siteUrl = 'https://acme.getgrist.com'): PickedDocument => ({
  account: 'a1',
  orgId: 5,
  siteUrl,
  siteName: 'Acme',
  workspaceId,
  workspaceKey: workspaceKeyOf(siteUrl, workspaceId),
  workspaceName,
  document: { id: `id-${name}`, urlId: `id-${name}`, name, access: 'owners', isPinned: false, updatedAt: '2026-01-01T00:00:00.000Z' },
});

function preview(documents: PickedDocument[], rules: Partial<RenameRules>, others: Array<[number, string[]]> = []) {
  const compiled = compileRules({ ...NO_RULES, ...rules });
  if (!compiled.ok) throw new Error(compiled.error);
  const result = previewRenames(documents, compiled, new Map(others.map(([id, names]) => [workspaceKeyOf('https://acme.getgrist.com', id), new Set(names)])));
  return { ...result, verdicts: result.newNames.map((_, index) => verdictAt(result, index)) };
}

describe('previewRenames', () => {
  it('gives each document its new name and verdict, and counts them', () => {
    const result = preview([picked('Budget 2025'), picked('Budget 2025 Q2'), picked('Notes')], { find: '2025', replace: '2026' });
    expect(result.newNames.map((name, index) => [name, result.verdicts[index]!.kind])).toEqual([
      ['Budget 2026', 'rename'],
      ['Budget 2026 Q2', 'rename'],
      ['Notes', 'unchanged'],
    ]);
    expect(result.counts).toEqual({ rename: 2, unchanged: 1, invalid: 0 });
  });

  it('an empty or too long new name is invalid, says why, and is not counted to rename', () => {
    const result = preview([picked('draft'), picked('Plan')], { find: '.*', replace: '', regex: true });
    expect(result.verdicts[0]).toEqual({ kind: 'invalid', reason: expect.stringMatching(/empty/i) });
    const long = preview([picked('Plan')], { suffix: 'x'.repeat(300) });
    expect(long.verdicts[0]).toEqual({ kind: 'invalid', reason: expect.stringMatching(/255/) });
    expect(long.counts).toEqual({ rename: 0, unchanged: 0, invalid: 1 });
  });

  it('warns of a name another document of the workspace has, or will have; Grist allows it', () => {
    const result = preview([picked('Budget A'), picked('Budget B'), picked('Budget C', 2, 'Sales')], { find: ' [A-C]$', replace: '', regex: true }, [[2, ['Budget']]]);
    expect(result.verdicts).toEqual([
      { kind: 'duplicate', workspaceName: 'Finance' },
      { kind: 'duplicate', workspaceName: 'Finance' },
      { kind: 'duplicate', workspaceName: 'Sales' },
    ]);
    expect(result.counts.rename).toBe(3);
  });

  it('finds a shared name in a workspace whose documents are not next to each other in the order', () => {
    const result = preview([picked('Plan A'), picked('Notes', 2, 'Sales'), picked('Plan B')], { find: ' [AB]$', replace: '', regex: true });
    expect(result.verdicts.map((verdict) => verdict.kind)).toEqual(['duplicate', 'unchanged', 'duplicate']);
  });

  it('tells apart workspaces of two servers with the same id: no duplicate across them', () => {
    const result = preview([picked('Plan A'), picked('Plan B', 1, 'Finance', 'https://grist.client.example/o/acme')], { find: ' [AB]$', replace: '', regex: true });
    expect(result.verdicts.map((verdict) => verdict.kind)).toEqual(['rename', 'rename']);
  });

  it('numbers the documents in the order shown', () => {
    const result = preview([picked('Invoice'), picked('Invoice'), picked('Invoice')], { number: { enabled: true, start: 1, digits: 2 } });
    expect(result.newNames).toEqual(['Invoice 01', 'Invoice 02', 'Invoice 03']);
    expect(result.verdicts.map((verdict) => verdict.kind)).toEqual(['rename', 'rename', 'rename']);
  });
});

describe('changedPart', () => {
  it.each([
    ['Budget 2025', 'Budget 2026', [10, 11]],
    ['Budget', 'ACME Budget', [0, 5]],
    ['Budget', 'Budget (old)', [6, 12]],
    ['Budget', 'Budget', [0, 0]],
    ['abc', 'xyz', [0, 3]],
  ] as const)('%s -> %s', (current, next, range) => {
    expect(changedPart(current, next)).toEqual(range);
  });
});
