/**
 * The bulk rename's preview: for each selected document, its new name under the rules, the part
 * of it that changed, and a verdict; and the summary line's counts. Pure, so it is tested without a
 * page.
 */
import { MAX_DOCUMENT_NAME_LENGTH, nameVerdict } from '../shared/document-name.ts';
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

/**
 * The preview, row by row in the order of `picked`: `newNames[i]` and `verdicts[i]` are those of
 * `picked[i]`. Parallel arrays rather than an object per row: rebuilt on every keystroke over up
 * to 20,000 documents, and only the rows on screen are looked at one by one.
 */
export interface Preview {
  picked: readonly PickedDocument[];
  newNames: string[];
  verdicts: Verdict[];
  /** Documents that would be renamed (duplicates included), unchanged, invalid. */
  counts: { rename: number; unchanged: number; invalid: number };
}

/**
 * The part of `next` that is not the start or end it shares with `current`, as `[start, end)`
 * UTF-16 indices (empty when unchanged). For the rows on screen only.
 */
export function changedPart(current: string, next: string): [number, number] {
  if (current === next) return [0, 0];
  let start = 0;
  while (start < current.length && start < next.length && current.charCodeAt(start) === next.charCodeAt(start)) start += 1;
  let end = 0;
  while (end < current.length - start && end < next.length - start && current.charCodeAt(current.length - 1 - end) === next.charCodeAt(next.length - 1 - end)) end += 1;
  return [start, next.length - end];
}

// Shared by every row that has them: a keystroke over 20,000 rows allocates as little as it can.
const RENAME: Verdict = { kind: 'rename' };
const UNCHANGED: Verdict = { kind: 'unchanged' };

/**
 * The preview of `picked` (in the order shown: the running number follows it) under `rules`.
 * In: also the names of the documents of the workspaces concerned that are not picked
 * (workspace id -> names), to warn of a name shared with one of them. Runs on every keystroke
 * in a rule, over up to 20,000 documents: one pass, few allocations.
 */
export function previewRenames(picked: readonly PickedDocument[], rules: CompiledRules & { ok: true }, otherNames: ReadonlyMap<number, ReadonlySet<string>>): Preview {
  const newNames = new Array<string>(picked.length);
  const verdicts = new Array<Verdict>(picked.length);
  /** By workspace: the names its picked documents will have, and those more than one will have. */
  const byWorkspace = new Map<number, { names: Set<string>; repeated: Set<string> }>();
  let workspaceId = Number.NaN;
  let names = new Set<string>();
  let repeated = new Set<string>();
  let others: ReadonlySet<string> | undefined;
  const counts = { rename: 0, unchanged: 0, invalid: 0 };
  for (let index = 0; index < picked.length; index++) {
    const entry = picked[index]!;
    const current = entry.document.name;
    const newName = rules.rename(current, index);
    const check = nameVerdict(newName, current);
    newNames[index] = newName;
    // Picked documents come workspace by workspace: the sets change only between workspaces.
    if (entry.workspaceId !== workspaceId) {
      workspaceId = entry.workspaceId;
      let sets = byWorkspace.get(workspaceId);
      if (!sets) byWorkspace.set(workspaceId, (sets = { names: new Set(), repeated: new Set() }));
      ({ names, repeated } = sets);
      others = otherNames.get(workspaceId);
    }
    let kept = current;
    if (check === 'ok') {
      verdicts[index] = RENAME;
      counts.rename += 1;
      kept = newName;
      if (others?.has(newName)) repeated.add(newName);
    } else if (check === 'unchanged') {
      verdicts[index] = UNCHANGED;
      counts.unchanged += 1;
    } else {
      verdicts[index] = { kind: 'invalid', reason: check === 'too-long' ? t('bulkNameTooLong', String(MAX_DOCUMENT_NAME_LENGTH)) : t('bulkNameEmpty') };
      counts.invalid += 1;
    }
    // One hash-table operation per row: a name already there leaves the size as it was.
    const size = names.size;
    names.add(kept);
    if (names.size === size) repeated.add(kept);
  }
  // Usually no workspace has a repeated name, and this pass looks at nothing.
  for (const [id, sets] of byWorkspace) {
    if (sets.repeated.size === 0) continue;
    for (let index = 0; index < picked.length; index++) {
      if (picked[index]!.workspaceId === id && verdicts[index] === RENAME && sets.repeated.has(newNames[index]!)) {
        verdicts[index] = { kind: 'duplicate', workspaceName: picked[index]!.workspaceName };
      }
    }
  }
  return { picked, newNames, verdicts, counts };
}
