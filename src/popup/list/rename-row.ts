/**
 * What a renamable row (a document row, a workspace heading) needs of its rename: where it stands
 * and where focus goes as it moves on. Its field (panels/rename-field.tsx) is one of the parts shown
 * on demand (on-demand/lazy.tsx), whose code loads when the page is idle or with the first rename,
 * whichever comes first: each row declares it with onDemand.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { RenameState } from '../store-types.ts';

type RenameMode = 'view' | 'editing' | 'saving';

/** Where a row's rename stands: not renaming, in the field, or waiting for Grist. */
function renameMode(rename: RenameState | undefined): RenameMode {
  return !rename ? 'view' : rename.saving ? 'saving' : 'editing';
}

/**
 * A renamable row's state: where its rename stands, the name it shows (while saving, already the
 * new one: it is put back if Grist refuses it), and the refs of its element, field and Rename
 * button. Moves focus as the rename moves on: into the field (name selected) when it opens (the
 * rename begins once the field's code is loaded: on-demand/lazy.tsx withPart), back to the
 * Rename button when it is saved or cancelled from the field; back into the field when Grist
 * refused the name, but only if focus is still in this row or was lost with the field (an answer
 * that comes late must not pull focus away from where the user went meanwhile).
 */
export function useRenameRow<T extends HTMLElement>(rename: RenameState | undefined, name: string) {
  const mode = renameMode(rename);
  const row = useRef<T>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const previousMode = useRef<RenameMode>(mode);
  useLayoutEffect(() => {
    const previous = previousMode.current;
    previousMode.current = mode;
    if (previous === mode) return;
    if (previous === 'view' && mode === 'editing') {
      input.current?.focus();
      input.current?.select();
    } else if (previous === 'editing') {
      renameButton.current?.focus();
    } else if (mode === 'editing') {
      const active = document.activeElement;
      if (!active || active === document.body || row.current?.contains(active)) input.current?.focus();
    }
  }, [mode]);
  return { mode, shownName: rename?.saving ? rename.draft.trim() : name, rowRef: row, inputRef: input, renameButtonRef: renameButton };
}
