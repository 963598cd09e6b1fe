/**
 * The fields that name something new, in place of its heading while open: a workspace heading's
 * New document field ("Name of the new document") and a site heading's New workspace field ("Name
 * of the new workspace"). Enter creates it (changes/kinds/new-document.ts createIn, changes/kinds/
 * new-workspace.ts createWorkspaceOn), Escape gives up; focus goes back to the heading's button
 * either way. A refusal (an empty name, a plan's, in Grist's words) marks the field and is said in
 * the status: the heading's height has no room under it. Loaded on demand (on-demand/lazy.tsx).
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../shared/i18n.ts';
import type { SiteEntry } from '../../shared/protocol/listing.ts';
import { highlightMatches } from '../../listing-view/highlighted.tsx';
import type { WorkspaceRef } from '../../listing-view/row-identity.ts';
import type { PopupStore } from '../store-types.ts';
import { NameInput } from './name-input.tsx';
import { focusRowButton } from '../focus/focus.ts';

interface NewNameFieldProps {
  store: PopupStore;
  /** The field's label and placeholder. */
  label: string;
  /** Creates what is named `typed`. Out: null when made, otherwise why not. */
  create: (typed: string) => Promise<string | null>;
  /** The heading's button the focus goes back to (a class selector). */
  button: string;
  /** Closes the field (made, or given up). */
  onDone: () => void;
}

function NewNameField({ store, label, create, button, onDone }: NewNameFieldProps) {
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => inputRef.current?.focus(), []);

  const done = () => {
    const key = inputRef.current?.closest('[data-row-key]')?.getAttribute('data-row-key');
    const list = inputRef.current?.closest('.results');
    onDone();
    focusRowButton(key, button);
    // The heading's name comes back as new text, which the list, not rendered again, has not
    // highlighted (highlighted.tsx): before the frame that shows it.
    requestAnimationFrame(() => list && highlightMatches(list, store.terms.peek()));
  };

  async function submit(): Promise<void> {
    if (saving) return;
    setSaving(true);
    const refused = await create(draft);
    setSaving(false);
    if (refused) setError(refused);
    else done();
  }

  return (
    <div class="rename-field">
      <NameInput
        inputRef={inputRef}
        label={label}
        placeholder={label}
        value={draft}
        invalid={error !== null}
        title={error ?? undefined}
        readOnly={saving}
        onValue={(text) => {
          setDraft(text);
          setError(null);
        }}
        onEnter={() => void submit()}
        // While it is being created, Escape does nothing (and, handled, does not close the popup).
        onEscape={() => {
          if (!saving) done();
        }}
      />
      {saving ? <span class="saving">{t('creating')}</span> : null}
    </div>
  );
}

/** A workspace heading's New document field. */
export function NewDocumentField({ store, workspace, onDone }: { store: PopupStore; workspace: WorkspaceRef; onDone: () => void }) {
  return <NewNameField store={store} label={t('newDocumentName')} create={(typed) => store.act('createIn', workspace, typed)} button=".more" onDone={onDone} />;
}

/** A site heading's New workspace field (sites the user owns). */
export function NewWorkspaceField({ store, site, onDone }: { store: PopupStore; site: SiteEntry; onDone: () => void }) {
  return <NewNameField store={store} label={t('newWorkspaceName')} create={(typed) => store.act('createWorkspaceOn', site, typed)} button=".more" onDone={onDone} />;
}
