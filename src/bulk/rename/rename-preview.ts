/**
 * The bulk rename's preview: for each selected document, its new name under the rules, the part
 * of it that changed, and a verdict; and the summary line's counts. Pure (but for what it
 * remembers of its own work), so it is tested without a page.
 */
import { MAX_DOCUMENT_NAME_LENGTH, nameVerdict } from '../../shared/rules/document-name.ts';
import { t, tCount } from '../../shared/i18n.ts';
import type { PickedDocument } from '../documents/picked-document.ts';
import type { CompiledRules } from './rename-rules.ts';

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
 * The preview, row by row in the order of `picked`: `newNames[i]` is that of `picked[i]`, and
 * `verdictAt(preview, i)` its verdict. Parallel arrays rather than an object per row: rebuilt on
 * every keystroke over up to 20,000 documents, and only the rows on screen are looked at one by
 * one. Which names a workspace would hold twice is worked out for a row's workspace when a row
 * of it is looked at: the summary does not depend on it, and the screen shows a workspace or two.
 */
export interface Preview {
  picked: readonly PickedDocument[];
  newNames: string[];
  /** Each row's verdict before names held twice are looked for: rename, unchanged or invalid. */
  verdicts: Verdict[];
  /** Documents that would be renamed (duplicates included), unchanged, invalid. */
  counts: { rename: number; unchanged: number; invalid: number };
  /** By workspace key: its rows, as runs `[start, end)` of indices (picked documents come workspace by workspace). */
  runs: Map<string, Array<[number, number]>>;
  /** By workspace key: the names of its documents that are not picked. */
  otherNames: ReadonlyMap<string, ReadonlySet<string>>;
  /** By workspace key, once looked at: the names it would hold more than once. */
  repeated: Map<string, Set<string>>;
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
 * (workspace key -> names), to warn of a name shared with one of them. Runs on every keystroke
 * in a rule, over up to 20,000 documents: one pass, few allocations.
 */
export function previewRenames(picked: readonly PickedDocument[], rules: CompiledRules & { ok: true }, otherNames: ReadonlyMap<string, ReadonlySet<string>>): Preview {
  const newNames = new Array<string>(picked.length);
  const verdicts = new Array<Verdict>(picked.length);
  const runs = new Map<string, Array<[number, number]>>();
  let run: [number, number] = [0, 0];
  const counts = { rename: 0, unchanged: 0, invalid: 0 };
  for (let index = 0; index < picked.length; index++) {
    const entry = picked[index]!;
    const current = entry.document.name;
    const newName = rules.rename(current, index);
    newNames[index] = newName;
    const check = nameVerdict(newName, current);
    if (check === 'ok') {
      verdicts[index] = RENAME;
      counts.rename += 1;
    } else if (check === 'unchanged') {
      verdicts[index] = UNCHANGED;
      counts.unchanged += 1;
    } else {
      verdicts[index] = { kind: 'invalid', reason: check === 'too-long' ? t('bulkNameTooLong', tCount('characterTotal', MAX_DOCUMENT_NAME_LENGTH)) : t('bulkNameEmpty') };
      counts.invalid += 1;
    }
    if (index > 0 && entry.workspaceKey === picked[index - 1]!.workspaceKey) {
      run[1] = index + 1;
    } else {
      run = [index, index + 1];
      const ofWorkspace = runs.get(entry.workspaceKey);
      if (ofWorkspace) ofWorkspace.push(run);
      else runs.set(entry.workspaceKey, [run]);
    }
  }
  return { picked, newNames, verdicts, counts, runs, otherNames, repeated: new Map() };
}

/** The names workspace `workspaceKey` would hold more than once, its picked documents renamed. */
function repeatedNames(preview: Preview, workspaceKey: string): Set<string> {
  let repeated = preview.repeated.get(workspaceKey);
  if (repeated) return repeated;
  repeated = new Set();
  const others = preview.otherNames.get(workspaceKey);
  const names = new Set<string>();
  for (const [start, end] of preview.runs.get(workspaceKey) ?? []) {
    for (let index = start; index < end; index++) {
      const renamed = preview.verdicts[index] === RENAME;
      const kept = renamed ? preview.newNames[index]! : preview.picked[index]!.document.name;
      // One hash-table operation per row: a name already there leaves the size as it was.
      const size = names.size;
      names.add(kept);
      if (names.size === size || (renamed && others?.has(kept))) repeated.add(kept);
    }
  }
  preview.repeated.set(workspaceKey, repeated);
  return repeated;
}

/**
 * Row `index`'s verdict: as `verdicts` has it, but `duplicate` for a rename to a name another
 * document of its workspace has or would have (Grist allows it; the user should see it).
 */
export function verdictAt(preview: Preview, index: number): Verdict {
  const verdict = preview.verdicts[index]!;
  if (verdict !== RENAME) return verdict;
  const entry = preview.picked[index]!;
  return repeatedNames(preview, entry.workspaceKey).has(preview.newNames[index]!) ? { kind: 'duplicate', workspaceName: entry.workspaceName } : verdict;
}
