/**
 * The bulk rename's preview: for each selected document, its new name under the rules, the part
 * of it that changed, and a verdict; and the summary line's counts. Pure, so it is tested without a
 * page.
 */
import { checkDocumentName, MAX_DOCUMENT_NAME_LENGTH } from '../shared/document-name.ts';
import { t } from '../shared/i18n.ts';
import type { DocumentEntry } from '../shared/listing.ts';
import type { CompiledRules } from './rename-rules.ts';

/** A document the user picked, with where it lives (names as listed). */
export interface PickedDocument {
  orgId: number;
  workspaceId: number;
  workspaceName: string;
  document: DocumentEntry;
}

/** What renaming one document would come to. */
export type Verdict =
  /** Sent: the name changes. */
  | { kind: 'rename' }
  /** Sent, but another document of its workspace has (or would have) the same name: Grist allows it. */
  | { kind: 'duplicate'; workspaceName: string }
  /** Not sent: the name stays as it is. */
  | { kind: 'unchanged' }
  /** Not sent: the new name is empty or too long; `reason` says which. */
  | { kind: 'invalid'; reason: string };

export interface PreviewRow extends PickedDocument {
  newName: string;
  /** `[start, end)` of `newName` that differs from the current name (empty when unchanged). */
  changed: [number, number];
  verdict: Verdict;
}

export interface Preview {
  rows: PreviewRow[];
  /** Documents that would be renamed (duplicates included), unchanged, invalid. */
  counts: { rename: number; unchanged: number; invalid: number };
}

/** The part of `next` that is not the start or end it shares with `current`, in UTF-16 indices. */
export function changedPart(current: string, next: string): [number, number] {
  if (current === next) return [0, 0];
  let start = 0;
  while (start < current.length && start < next.length && current[start] === next[start]) start += 1;
  let end = 0;
  while (end < current.length - start && end < next.length - start && current[current.length - 1 - end] === next[next.length - 1 - end]) end += 1;
  return [start, next.length - end];
}

/**
 * The preview of `picked` (in the order shown: the running number follows it) under `rules`.
 * In: also every document of the workspaces concerned (`workspaceNames`: workspace id -> the names
 * of its documents that are not picked), to warn of a name shared with one of them.
 */
export function previewRenames(picked: readonly PickedDocument[], rules: CompiledRules & { ok: true }, otherNames: ReadonlyMap<number, readonly string[]>): Preview {
  const rows: PreviewRow[] = picked.map((entry, index) => {
    const newName = rules.rename(entry.document.name, index);
    const check = checkDocumentName(newName, entry.document.name);
    const verdict: Verdict =
      check.kind === 'invalid'
        ? { kind: 'invalid', reason: newName.trim() ? t('bulkNameTooLong', String(MAX_DOCUMENT_NAME_LENGTH)) : t('bulkNameEmpty') }
        : check.kind === 'unchanged'
          ? { kind: 'unchanged' }
          : { kind: 'rename' };
    return { ...entry, newName, changed: changedPart(entry.document.name, newName), verdict };
  });
  // Names each workspace will hold: the documents not picked, and every picked one's new name.
  const namesByWorkspace = new Map<number, Map<string, number>>();
  const count = (workspaceId: number, name: string) => {
    let names = namesByWorkspace.get(workspaceId);
    if (!names) namesByWorkspace.set(workspaceId, (names = new Map()));
    names.set(name, (names.get(name) ?? 0) + 1);
  };
  for (const [workspaceId, names] of otherNames) for (const name of names) count(workspaceId, name);
  for (const row of rows) count(row.workspaceId, row.verdict.kind === 'invalid' ? row.document.name : row.newName);
  const counts = { rename: 0, unchanged: 0, invalid: 0 };
  for (const row of rows) {
    if (row.verdict.kind === 'rename' && (namesByWorkspace.get(row.workspaceId)?.get(row.newName) ?? 0) > 1) {
      row.verdict = { kind: 'duplicate', workspaceName: row.workspaceName };
    }
    if (row.verdict.kind === 'rename' || row.verdict.kind === 'duplicate') counts.rename += 1;
    else counts[row.verdict.kind] += 1;
  }
  return { rows, counts };
}
