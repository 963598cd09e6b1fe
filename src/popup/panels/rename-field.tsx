/**
 * The rename field a document row or a workspace heading turns into: what it is called now (with
 * a character count near the limit), the field (Enter saves, Escape cancels), Save and Cancel,
 * and Grist's or the checks' error under it. Loaded when the popup is idle or with the first
 * rename (rename-row.ts): opening the popup needs none of it.
 */
import type { Ref } from 'preact';
import { MAX_DOCUMENT_NAME_LENGTH } from '../../shared/rules/document-name.ts';
import { t, tCount } from '../../shared/i18n.ts';
import type { PopupStore, RowRef, RenameState } from '../store-types.ts';
import { NameInput } from './name-input.tsx';

/** Past this many characters, the rename field counts them against the limit. */
export const COUNT_FROM = 200;

export interface RenameFieldProps {
  /** What it is called now. */
  currentName: string;
  /** The field's accessible name ("New name for …"). */
  label: string;
  rename: RenameState;
  /** Unique in the page: the ids of the error and of the current name derive from it. */
  idBase: string;
  inputRef: Ref<HTMLInputElement>;
  store: PopupStore;
  /** What is renamed: its draft, save and cancel go to the store. */
  subject: RowRef;
}

/** The field and what goes with it; the caller gives the row element around it. */
export function RenameField({ currentName, label, rename, idBase, inputRef, store, subject }: RenameFieldProps) {
  const onCommit = () => void store.commitRename(subject);
  const onCancel = () => store.cancelRename(subject);
  const errorId = `rename-error-${idBase}`;
  const currentId = `rename-current-${idBase}`;
  const length = [...rename.draft.trim()].length;
  return (
    <>
      {/* What it is called now, kept in sight while the field holds the new name. */}
      <p class="rename-context" id={currentId}>
        <span class="rename-current" title={currentName}>
          {t('currentName')} <bdi dir="auto">{currentName}</bdi>
        </span>
        {length > COUNT_FROM && (
          // Part of the field's description, read when asked; not a live region, which would speak at every key.
          <span class={length > MAX_DOCUMENT_NAME_LENGTH ? 'counter counter-over' : 'counter'}>
            {t('characterCount', String(length), tCount('characterTotal', MAX_DOCUMENT_NAME_LENGTH))}
          </span>
        )}
      </p>
      <div class="rename-field">
        <NameInput
          inputRef={inputRef}
          label={label}
          invalid={rename.error !== null}
          describedBy={rename.error ? `${errorId} ${currentId}` : currentId}
          value={rename.draft}
          onValue={(text) => store.setDraft(subject, text)}
          onEnter={onCommit}
          onEscape={onCancel}
        />
        <button type="button" class="icon-button save" title={t('saveShortcut')} onClick={onCommit}>
          {t('save')}
        </button>
        <button type="button" class="icon-button cancel" title={t('cancelShortcut')} onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
      {rename.error && (
        <p class="row-error" role="alert" id={errorId}>
          {rename.error}
        </p>
      )}
    </>
  );
}
