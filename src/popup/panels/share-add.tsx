/**
 * The Share panel's form to add people (owners only): one or more emails as people type or paste
 * them, a role, Share (or Enter in the emails). The list is checked with the one rule first
 * (shared/rules/email-list.ts): one bad email, the user's own, another saved account's, or the public
 * link's special user (pointed to its switch) sends nothing and says which. Before
 * anything is sent it says the server may email the people added (docs/grist-api.md, "Access": Grist
 * passes each to its notifier).
 */
import { useEffect, useState } from 'preact/hooks';
import { checkEmailList, type EmailProblem, type OwnEmails } from '../../shared/rules/email-list.ts';
import { t } from '../../shared/i18n.ts';
import type { SiteRole } from '../../shared/protocol/sharing.ts';
import { roleWord } from '../../shared/rules/role-words.ts';

interface ShareAddProps {
  /** The user's own emails, refused in the list: the sending account's (none when not known yet: the worker refuses it then) and every saved account's. */
  own: OwnEmails;
  /** True when the panel has a public link switch (a document's): the public link's special user is pointed to it. */
  publicSwitch: boolean;
  roles: readonly SiteRole[];
  /** Sends the emails with `role`. Out: false when nothing was sent because all have it already. */
  onAdd: (emails: string[], role: SiteRole) => boolean;
  /** Called as the emails typed change: what was said of the last ones is old. */
  onEdit: () => void;
  /** How many changes of the panel Grist took: each takes away what was said of a list refused before. */
  succeeded: number;
}

/** One refused email and why, in words; `publicSwitch` as ShareAddProps says. */
function problemWords({ typed, reason, account }: EmailProblem, publicSwitch: boolean): string {
  switch (reason) {
    case 'own':
      return t('shareOwnEmail', typed);
    case 'saved':
      return t('shareSavedAccount', typed, String(account));
    case 'public':
      return t(publicSwitch ? 'sharePublicEmail' : 'sharePublicEmailElsewhere', typed);
    case 'invalid':
      return t('shareNotEmail', typed);
  }
}

/** A refused list in words: each refused email and why. */
const refusal = (problems: readonly EmailProblem[], publicSwitch: boolean) =>
  t('shareNothingSent', problems.map((problem) => problemWords(problem, publicSwitch)).join('; '));

/** The form; `onAdd` is called only with a list the one rule accepts. What it said of a list goes once the list is edited or a change succeeds. */
export function ShareAdd({ own, publicSwitch, roles, onAdd, onEdit, succeeded }: ShareAddProps) {
  const [text, setText] = useState('');
  const [role, setRole] = useState<SiteRole>('viewers');
  const [problem, setProblem] = useState('');
  useEffect(() => setProblem(''), [succeeded]);
  const add = () => {
    const checked = checkEmailList(text, own);
    if (checked.kind === 'refused') return setProblem(refusal(checked.problems, publicSwitch));
    if (checked.kind === 'empty') return setProblem(t('shareTypeEmails'));
    setProblem(onAdd(checked.emails.map((email) => email.typed), role) ? '' : t('shareUnchanged'));
    setText('');
  };
  return (
    <div class="share-add">
      <p class="share-note" id="share-may-email">
        {t('shareMayEmail')}
      </p>
      <div class="share-add-fields">
        <input
          type="text"
          class="rename-input"
          spellcheck={false}
          aria-label={t('shareAddEmails')}
          aria-describedby="share-may-email share-add-problem"
          aria-invalid={problem ? 'true' : undefined}
          value={text}
          onInput={(event) => {
            setText(event.currentTarget.value);
            setProblem('');
            onEdit();
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.isComposing) return;
            event.preventDefault();
            add();
          }}
        />
        <select aria-label={t('shareAddRole')} value={role} onChange={(event) => setRole(event.currentTarget.value as SiteRole)}>
          {roles.map((each) => (
            <option key={each} value={each}>
              {roleWord(each)}
            </option>
          ))}
        </select>
        <button type="button" class="button primary" onClick={add}>
          {t('shareAdd')}
        </button>
      </div>
      <p class="share-problem" id="share-add-problem" role="alert">
        {problem}
      </p>
    </div>
  );
}
