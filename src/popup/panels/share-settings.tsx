/**
 * The Share panel's settings below its people: the public link of a document (a switch: Grist's
 * special user PUBLIC_EMAIL as a viewer) and what team members inherit on a document or workspace
 * (Grist's `maxInheritedRole`, see INHERITED_WORDS). Owners change them; others see them disabled.
 */
import { t } from '../../shared/i18n.ts';
import { PUBLIC_EMAIL, type AccessDelta, type AccessList, type Role } from '../../shared/protocol/sharing.ts';
import { INHERITED_WORDS } from '../changes/share-panel-words.ts';

interface ShareSettingsProps {
  list: AccessList;
  onChange: (delta: AccessDelta) => void;
}

/** The public link (documents) and team members' access (documents, workspaces) of `list`; `onChange` sends one delta. */
export function ShareSettings({ list, onChange }: ShareSettingsProps) {
  const { resource, publicRole, canChange } = list;
  const inherited = list.maxInheritedRole ?? null;
  // Grist's own UI gives the public link viewers only; a link an API made editors is said so.
  const publicWords = t(publicRole === 'editors' ? 'sharePublicEdit' : 'sharePublicView');
  return (
    <div class="share-settings">
      {resource.kind === 'document' && (
        <label class="share-public">
          <input
            type="checkbox"
            role="switch"
            checked={publicRole !== null}
            disabled={!canChange}
            onChange={(event) => onChange({ users: { [PUBLIC_EMAIL]: event.currentTarget.checked ? 'viewers' : null } })}
          />
          {publicWords}
        </label>
      )}
      {resource.kind !== 'site' && (
        <label class="share-inherited">
          {t('shareInherited')}
          <select
            value={inherited ?? ''}
            disabled={!canChange}
            onChange={(event) => onChange({ maxInheritedRole: (event.currentTarget.value || null) as Role | null })}
          >
            {INHERITED_WORDS.filter(({ value }) => value !== 'editors' || inherited === 'editors').map(({ value, key }) => (
              <option key={key} value={value ?? ''}>
                {t(key)}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
