/**
 * One person of the Share panel's list: their name and email, and their role, which owners may
 * change or take away here (a role select, Remove); what only comes down from above ("Editor, from
 * the team site"), the user's own row (Grist refuses "cannot update own permissions") and the row
 * of another of their saved accounts (the user's own too: changed in Grist itself) are shown, not
 * offered. Names and emails are Grist's text, shown as text in their own direction.
 */
import type { ComponentChildren } from 'preact';
import { t } from '../../shared/i18n.ts';
import type { AccessResource, Person, SiteRole } from '../../shared/protocol/sharing.ts';
import { roleWord } from '../../shared/rules/role-words.ts';
import { inheritedWords } from '../changes/share-panel-words.ts';

interface SharePersonProps {
  resource: AccessResource;
  person: Person;
  /** True for the user's own row. */
  own: boolean;
  /** For the row of another of the user's saved accounts: its place in the options (Account 2); else null. */
  otherAccount: number | null;
  /** True when the user may change it: an owner, on a row given here that is not their own. */
  editable: boolean;
  /** The roles a person can be given on the resource (a site's include `members`). */
  roles: readonly SiteRole[];
  /** Gives the person `role`, or (null) takes away what was given here. */
  onRole: (role: SiteRole | null) => void;
  /** The id of what Remove takes with it, when it says more than its name (a site's: their workspaces and documents). */
  removeNote?: string;
  /** Shown under the row (a site's removal question, removal-preview.tsx). */
  children?: ComponentChildren;
}

/** What the row says of a role it does not offer to change. */
function roleText(resource: AccessResource, { role, inherited }: Person): string {
  if (role) return roleWord(role);
  return inherited ? inheritedWords(resource, inherited) : '';
}

/** The row of `person`: a role select and Remove when `editable` and given here, else the role in words. */
export function SharePerson({ resource, person, own, otherAccount, editable, roles, onRole, removeNote, children }: SharePersonProps) {
  const { email, name, role } = person;
  const changeable = editable && role !== null && role !== 'guests';
  return (
    <li class="share-person">
      <span class="share-who">
        <bdi dir="auto">{name || email}</bdi>
        {name && (
          <bdi class="share-email" dir="auto">
            {email}
          </bdi>
        )}
        {own && <span class="share-you">{t('peopleYou')}</span>}
      </span>
      {changeable ? (
        <>
          <select aria-label={t('shareRoleOf', email)} value={role} onChange={(event) => onRole(event.currentTarget.value as SiteRole)}>
            {roles.map((each) => (
              <option key={each} value={each}>
                {roleWord(each)}
              </option>
            ))}
          </select>
          <button type="button" class="link-button danger" aria-label={t('shareRemoveWho', email)} aria-describedby={removeNote} onClick={() => onRole(null)}>
            {t('shareRemove')}
          </button>
        </>
      ) : (
        <span class="share-role">{roleText(resource, person)}</span>
      )}
      {own && <p class="share-note">{t('shareOwnRow')}</p>}
      {otherAccount !== null && <p class="share-note">{t('shareSavedAccountRow', String(otherAccount))}</p>}
      {children}
    </li>
  );
}
