/**
 * A workspace heading's New document field, in place of the heading while open: "Name of the new
 * document"; Enter creates it (changes/new-document.ts createIn), Escape gives up; focus goes back to
 * the New document button either way. A refusal (an empty name, a plan's, in Grist's words) marks
 * the field and is said in the status: the heading's height has no room under it. Loaded on
 * demand (on-demand/lazy.tsx).
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../shared/i18n.ts';
import { highlightMatches } from '../../listing-view/highlighted.tsx';
import type { WorkspaceRef } from '../../listing-view/row-identity.ts';
import type { PopupStore } from '../store-types.ts';
import { NameInput } from './name-input.tsx';
import { focusRowButton } from '../focus/focus.ts';

interface NewDocumentFieldProps {
  store: PopupStore;
  workspace: WorkspaceRef;
  /** Closes the field (made, or given up); focus then goes back to the heading's New document button. */
  onDone: () => void;
}

export function NewDocumentField({ store, workspace, onDone }: NewDocumentFieldProps) {
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => inputRef.current?.focus(), []);

  const done = () => {
    const key = inputRef.current?.closest('[data-row-key]')?.getAttribute('data-row-key');
    const list = inputRef.current?.closest('.results');
    onDone();
    focusRowButton(key, '.new-document');
    // The heading's name comes back as new text, which the list, not rendered again, has not
    // highlighted (highlighted.tsx): before the frame that shows it.
    requestAnimationFrame(() => list && highlightMatches(list, store.terms.peek()));
  };

  async function create(): Promise<void> {
    if (saving) return;
    setSaving(true);
    const refused = await store.act('createIn', workspace, draft);
    setSaving(false);
    if (refused) setError(refused);
    else done();
  }

  return (
    <div class="rename-field">
      <NameInput
        inputRef={inputRef}
        label={t('newDocumentName')}
        placeholder={t('newDocumentName')}
        value={draft}
        invalid={error !== null}
        title={error ?? undefined}
        readOnly={saving}
        onValue={(text) => {
          setDraft(text);
          setError(null);
        }}
        onEnter={() => void create()}
        // While it is being created, Escape does nothing (and, handled, does not close the popup).
        onEscape={() => {
          if (!saving) done();
        }}
      />
      {saving ? <span class="saving">{t('creating')}</span> : null}
    </div>
  );
}
