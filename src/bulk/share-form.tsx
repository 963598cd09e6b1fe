/**
 * Beside the other changes: **Share selected with…**, **Stop sharing selected with…** (each opens a
 * form of emails: Enter or Preview checks them and, if all are good, makes the change the preview
 * shows; Escape or Cancel closes it, the focus back on its button), **Make selected public** and
 * **Make selected private**. Nothing is sent from here: the preview's button starts the run
 * (preview-table.tsx). The form says that the server may email the people added.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { EmailProblem } from '../shared/rules/email-list.ts';
import { onEscape } from '../page-shared/escape-key.ts';
import { t } from '../shared/i18n.ts';
import type { Role } from '../shared/protocol/sharing.ts';
import type { SharingForm } from './share/share-change.ts';
import { roleWord } from '../shared/rules/role-words.ts';
import type { BulkStore } from './store.ts';

const ROLES: readonly Role[] = ['viewers', 'editors', 'owners'];

/** The button that opens each form, by id: where the focus goes back when it closes. */
const OPENERS: Record<SharingForm, string> = { share: 'share-selected', unshare: 'unshare-selected' };

/** Puts the focus on element `id` once drawn. */
const focusLater = (id: string) => setTimeout(() => document.getElementById(id)?.focus(), 0);

/**
 * What the check of the emails refused, in words: the bad ones, the user's own, another saved
 * account's (with its account: Account 2), the public link's special user (pointed to Make
 * selected public), or none typed.
 */
function problemText(problems: readonly EmailProblem[]): string[] {
  if (problems.length === 0) return [t('shareTypeEmails')];
  const of = (reason: EmailProblem['reason']) => problems.filter((problem) => problem.reason === reason);
  const line = (reason: EmailProblem['reason'], key: Parameters<typeof t>[0], words = (problem: EmailProblem) => problem.typed) => {
    const refused = of(reason);
    return refused.length > 0 ? [t(key, refused.map(words).join(', '))] : [];
  };
  return [
    ...line('invalid', 'bulkShareBadEmails'),
    ...line('own', 'bulkShareOwnEmail'),
    ...line('saved', 'bulkShareSavedAccount', ({ typed, account }) => `${typed} (${t('accountLegend', String(account))})`),
    ...line('public', 'bulkSharePublicEmail'),
  ];
}

/** The form of emails (and, to share, a role). */
function EmailsForm({ store, form }: { store: BulkStore; form: SharingForm }) {
  const emailsRef = useRef<HTMLInputElement>(null);
  const roleRef = useRef<HTMLSelectElement>(null);
  const problems = store.emailProblems.value;
  // The form opens to be typed in.
  useLayoutEffect(() => emailsRef.current?.focus(), []);
  const close = () => {
    store.closeSharingForm();
    focusLater(OPENERS[form]);
  };
  return (
    <form
      class="share-form"
      onKeyDown={onEscape(close)}
      onSubmit={(event) => {
        event.preventDefault();
        void store.submitSharingForm(emailsRef.current?.value ?? '', (roleRef.current?.value ?? 'viewers') as Role);
      }}
    >
      <label class="field">
        <span>{t('bulkShareEmails')}</span>
        <input
          ref={emailsRef}
          type="text"
          spellcheck={false}
          autoComplete="off"
          aria-invalid={problems ? 'true' : undefined}
          aria-describedby={problems ? 'share-emails-error share-emails-hint' : 'share-emails-hint'}
        />
      </label>
      <p id="share-emails-hint" class="hint">
        {t('bulkShareEmailsHint')}
      </p>
      {problems && (
        <p id="share-emails-error" class="field-error" role="alert">
          {problemText(problems).join('\n')}
        </p>
      )}
      {form === 'share' && (
        <label class="field small">
          <span>{t('bulkShareRole')}</span>
          <select ref={roleRef}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {roleWord(role)}
              </option>
            ))}
          </select>
        </label>
      )}
      {form === 'share' && <p class="hint">{t('bulkShareMayEmail')}</p>}
      <div class="move-buttons">
        <button type="submit">{t('bulkSharePreviewButton')}</button>
        <button type="button" onClick={close}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

export function ShareForm({ store }: { store: BulkStore }) {
  const count = store.selected.value.size;
  const disabled = count === 0 || store.busy.value;
  const form = store.sharingForm.value;
  return (
    <section class="bulk-section share" aria-labelledby="share-heading">
      <h2 id="share-heading">{t('bulkShareHeading')}</h2>
      {form ? (
        <EmailsForm key={form} store={store} form={form} />
      ) : (
        <div class="move-buttons">
          <button type="button" id={OPENERS.share} disabled={disabled} onClick={() => store.openSharingForm('share')}>
            {t('bulkShareSelected')}
          </button>
          <button type="button" id={OPENERS.unshare} disabled={disabled} onClick={() => store.openSharingForm('unshare')}>
            {t('bulkUnshareSelected')}
          </button>
          <button type="button" id="make-public" disabled={disabled} onClick={() => store.makePublic(true)}>
            {t('bulkMakePublic')}
          </button>
          <button type="button" id="make-private" disabled={disabled} onClick={() => store.makePublic(false)}>
            {t('bulkMakePrivate')}
          </button>
        </div>
      )}
      <p class="hint">{t('bulkShareHint')}</p>
    </section>
  );
}
