/**
 * Access in the user's words (a role's own by shared/rules/role-words.ts): what comes down from above
 * ("Editor, from the team site"), the inherited access ("view only"), and what a change did
 * ("Shared … with … as Editor.", "Changed … to Viewer on …"), for the Share panel and the status line.
 */
import { roleWord } from '../../shared/rules/role-words.ts';
import { t, type MessageKey } from '../../shared/i18n.ts';
import { plainTextName } from '../../shared/rules/plain-text-name.ts';
import { publicLinkOf, sameEmail, type AccessDelta, type AccessResource, type Role } from '../../shared/protocol/sharing.ts';

/** A role that comes down from above a `resource` (a document's workspace, a workspace's site), in words. */
export const inheritedWords = (resource: AccessResource, role: Role): string => t(resource.kind === 'document' ? 'shareFromWorkspace' : 'shareFromSite', roleWord(role));

/**
 * Grist's `maxInheritedRole` as the Share panel offers it: `owners` (what comes down, in full),
 * `viewers` (view only), null (nothing), as Grist's own Manage users does; `editors` (Grist takes
 * it, its UI does not offer it) is shown only where a document or workspace has it already.
 */
export const INHERITED_WORDS: ReadonlyArray<{ value: Role | null; key: MessageKey }> = [
  { value: 'owners', key: 'shareInheritedOwners' },
  { value: 'editors', key: 'shareInheritedEditors' },
  { value: 'viewers', key: 'shareInheritedViewers' },
  { value: null, key: 'accessRoleNone' },
];

/**
 * What the status says of change `delta` to `name`, once Grist confirmed it; `had`: the emails that
 * had a role right there before (as the panel listed them), whose new role is a change, not a share.
 */
export function deltaMessage(name: string, delta: AccessDelta, had: readonly string[] = []): string {
  const shown = plainTextName(name);
  if ('maxInheritedRole' in delta) return t('inheritedSet', shown, t(INHERITED_WORDS.find((each) => each.value === (delta.maxInheritedRole ?? null))!.key));
  const users = Object.entries(delta.users ?? {});
  const publicLink = publicLinkOf(delta);
  if (publicLink !== undefined) return t(publicLink ? 'madePublic' : 'madePrivate', shown);
  const emails = users.map(([email]) => email).join(', ');
  const role = users[0]?.[1];
  if (!role) return t('stoppedSharingWith', shown, emails);
  const changed = users.every(([email]) => had.some((each) => sameEmail(each, email)));
  return t(changed ? 'roleChangedOn' : 'sharedWith', shown, emails, roleWord(role));
}
