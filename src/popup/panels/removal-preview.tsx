/**
 * The question before a person's removal (the People view's "Remove <email> from all your
 * sites…", a site's People panel's Remove): each site the user owns where they are, with what
 * Grist takes with them there (their workspaces and documents, those in the trash and what was not
 * read, named), what Grist makes the user an owner of in their place, then Cancel (first) and
 * Remove; once sent, how far it is, where Remove was. Names come from Grist: text only.
 */
import { t, tCount } from '../../shared/i18n.ts';
import type { PersonGrants, RemovedPerson } from '../../shared/protocol/people.ts';
import { peopleRoleWord } from '../../shared/rules/role-words.ts';
import { onEscape } from '../../page-shared/escape-key.ts';
import { yourPlaceNames } from '../changes/kinds/people.ts';

interface RemovalPreviewProps {
  grants: PersonGrants;
  /** Once sent: the run as last followed (null before its first answer); undefined while asking. */
  sending?: RemovedPerson | null;
  /** Given the question, which takes the focus when shown. */
  questionRef: { current: HTMLParagraphElement | null };
  onRemove: (grants: PersonGrants) => Promise<void>;
  onCancel: () => void;
}

/** How the preview names what it did not read, by kind and reason (SkippedResource). */
const SKIPPED_WORDS = {
  workspace: { gone: 'peopleSkippedWorkspaceGone', unreadable: 'peopleSkippedWorkspaceUnreadable' },
  document: { gone: 'peopleSkippedDocumentGone', unreadable: 'peopleSkippedDocumentGone' },
} as const;

/**
 * The removal's preview of `grants`, with Cancel and Remove; once sent (`sending`: the run as last
 * followed, null before its first answer), where Remove was, how far it is: in sight, and nothing
 * left to press twice.
 */
export function RemovalPreview({ grants, sending, questionRef, onRemove, onCancel }: RemovalPreviewProps) {
  const none = grants.sites.length === 0;
  const done = sending?.sites.filter(({ outcome }) => outcome !== 'waiting').length ?? 0;
  return (
    <div class="people-preview" onKeyDown={onEscape(onCancel)}>
      <p ref={questionRef} tabIndex={-1} role="alert">
        {none ? t('peoplePreviewNone', grants.email) : t('peoplePreviewHeading', grants.email)}
      </p>
      <ul>
        {grants.sites.map((site) => (
          <li key={`${site.siteUrl} ${site.orgId}`}>
            {t('personRoleOnSite', peopleRoleWord(site.role), site.siteName)}
            {site.workspaces.length + site.documents.length + (site.skipped?.length ?? 0) > 0 && (
              <ul>
                {site.workspaces.map((workspace) => (
                  <li key={`w${workspace.id}`}>{t(workspace.trashed ? 'peopleGrantWorkspaceTrashed' : 'peopleGrantWorkspace', workspace.name, peopleRoleWord(workspace.role))}</li>
                ))}
                {site.documents.map((document) => (
                  <li key={`d${document.id}`}>{t(document.trashed ? 'peopleGrantDocumentTrashed' : 'peopleGrantDocument', document.name, peopleRoleWord(document.role))}</li>
                ))}
                {/* What was not read: gone from Grist since the listing (skipped), or in the trash and unreadable (not put back by Undo). */}
                {site.skipped?.map((skipped, index) => (
                  <li key={`s${index}`} class="quiet">
                    {t(SKIPPED_WORDS[skipped.kind][skipped.reason], skipped.name)}
                  </li>
                ))}
              </ul>
            )}
            {yourPlaceNames([site]).length > 0 && <p class="quiet">{t('peopleMakesYouOwner', yourPlaceNames([site]).join(', '))}</p>}
          </li>
        ))}
      </ul>
      {grants.unread.map(({ siteName, message }) => (
        <p class="row-error" key={siteName}>
          {t('peopleUnread', siteName, message)}
        </p>
      ))}
      {!none && <p class="quiet">{t('peoplePreviewNote')}</p>}
      {sending !== undefined ? (
        <p class="quiet" aria-live="polite">
          {tCount('peopleRemoving', sending?.sites.length ?? grants.sites.length, String(done))}
        </p>
      ) : (
        <div class="trash-confirm">
          {/* The harmless answer first: the one Tab reaches first. */}
          <button type="button" class="link-button" onClick={onCancel}>
            {t('cancel')}
          </button>
          {!none && (
            <button type="button" class="link-button danger" onClick={() => void onRemove(grants)}>
              {t('peopleRemoveConfirm')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
