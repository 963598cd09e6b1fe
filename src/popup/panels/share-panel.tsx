/**
 * The Share panel (the Share… of a document row's or a workspace's menu, a site's People on this site…),
 * over the list while open: "People with access to <name>", read when opened (one readAccess) and
 * again once an undo is confirmed; each person with their role; a document's public link and what
 * team members inherit (share-settings.tsx); Copy link; for owners, the form to add people
 * (share-add.tsx). Each change is one changeAccess with only what changes, run by the popup's
 * runner as the list's are (changeShare, handed this panel's list as a SharePanelList): shown here
 * at once, said here and read again from Grist if refused; the status line offers its Undo (and Ctrl+Z), below the panel
 * while it is open (popup.css: it never moves the panel). Editors see the
 * list read-only and viewers only themselves, as Grist answers them, each told why by their role
 * (Grist marks an editor's answer `personal`, as a viewer's). On a site, a
 * note says that Remove takes the person's workspaces and documents there too (its Undo puts them
 * back), and Remove first reads and shows what goes with them there and asks, as the People view
 * does (RemovalPreview), then sends it as the person's removal (removeFromSite); the focus stays
 * in the panel. The list is
 * this panel's state only: never in the store, never stored. Escape or Back to documents closes it,
 * the focus back on the button that opened it. Loaded on demand (on-demand/lazy.tsx).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../shared/i18n.ts';
import { sameEmail, type AccessDelta, type AccessList, type SiteRole } from '../../shared/protocol/sharing.ts';
import type { PersonGrants } from '../../shared/protocol/people.ts';
import { grantDelta } from '../changes/access-edits.ts';
import type { SharePanelList } from '../changes/kinds/share.ts';
import { focusRowButton } from '../focus/focus.ts';
import type { PopupStore, ShareTarget } from '../store-types.ts';
import { useDocumentEscape } from './document-escape.ts';
import { ShareAdd } from './share-add.tsx';
import { SharePerson } from './share-person.tsx';
import { ShareSettings } from './share-settings.tsx';
import { RemovalPreview } from './removal-preview.tsx';

/** Where the panel's list stands: being read, read, or refused (Grist's words). */
type Shown = { kind: 'reading' } | { kind: 'read'; list: AccessList } | { kind: 'failed'; message: string };

/** A removal from a site asked in its panel: what they have there being read, asked about (RemovalPreview), or being sent. */
type Asking = { email: string; step: 'reading' } | { email: string; step: 'preview' | 'sending'; grants: PersonGrants };

const DOCUMENT_ROLES: readonly SiteRole[] = ['viewers', 'editors', 'owners'];
const SITE_ROLES: readonly SiteRole[] = ['members', 'viewers', 'editors', 'owners'];
const SITE_REMOVAL_NOTE = 'share-site-removal';

/** The panel open on `target` (store.sharing), reading its access through `store`; see the module comment. */
export function SharePanel({ store, target }: { store: PopupStore; target: ShareTarget }) {
  const [shown, setShown] = useState<Shown>({ kind: 'reading' });
  const [problem, setProblem] = useState('');
  /** How many changes Grist took: each clears what the add form said of a list it refused. */
  const [succeeded, setSucceeded] = useState(0);
  const [said, setSaid] = useState('');
  const [asking, setAsking] = useState<Asking | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const undone = store.undone.value;

  const reread = () =>
    void store.act('readAccess', target.resource).then((reply) => setShown(reply.ok ? { kind: 'read', list: reply.value } : { kind: 'failed', message: reply.error.message }));
  // Read when opened, and again once an undo of the status line is confirmed: it changed the list.
  useEffect(reread, [target, undone]);
  useLayoutEffect(() => headingRef.current?.focus(), [target]);

  const close = () => {
    store.closeShare();
    focusRowButton(target.opener.key, target.opener.selector);
  };
  useDocumentEscape(close);
  const list = shown.kind === 'read' ? shown.list : null;
  /** This panel's list as its changes show it (changes/kinds/share.ts runs them): kept here, in this panel's state only. */
  const panelList = (read: AccessList): SharePanelList => ({
    list: read,
    edit(change) {
      setShown((now) => (now.kind === 'read' ? { kind: 'read', list: change(now.list) } : now));
      setProblem('');
    },
    refused(message) {
      setProblem(message);
      reread();
    },
    taken() {
      // What was refused before is old news once a change lands.
      setProblem('');
      setSucceeded((count) => count + 1);
    },
  });
  const change = (delta: AccessDelta) => {
    if (list) void store.act('changeShare', target, delta, panelList(list));
  };
  // The question takes the focus when shown, and the whole preview (Remove too) is brought into view, as the People view's.
  useEffect(() => {
    if (asking?.step !== 'preview') return;
    questionRef.current?.focus();
    questionRef.current?.parentElement?.scrollIntoView?.({ block: 'nearest' });
  }, [asking?.step]);

  /**
   * Remove on a site: first what the person has there (one site's reads), shown with what Grist
   * takes with them and asked about, as the People view's removal (RemovalPreview); nothing is
   * sent before Remove is pressed there.
   */
  const askRemoval = async (email: string) => {
    setProblem('');
    setAsking({ email, step: 'reading' });
    const { orgId, siteUrl } = target.resource;
    const grants = await store.act('readPersonGrants', email, { orgId, siteUrl });
    if (typeof grants === 'string') {
      setAsking(null);
      setProblem(grants);
    } else setAsking({ email, step: 'preview', grants });
  };
  /** The question given up: the focus back on that person's Remove. */
  const keep = (email: string) => {
    setAsking(null);
    const label = t('shareRemoveWho', email);
    requestAnimationFrame(() => [...(sectionRef.current?.querySelectorAll('button') ?? [])].find((button) => button.getAttribute('aria-label') === label)?.focus());
  };
  /** The removal confirmed: sent (removeFromSite), the row gone once Grist took it; the focus stays in the panel, on its heading. */
  const confirmRemoval = async (grants: PersonGrants) => {
    if (!list) return;
    setAsking({ email: grants.email, step: 'sending', grants });
    await store.act('removeFromSite', target, grants, panelList(list));
    setAsking(null);
    headingRef.current?.focus();
  };

  const copyLink = () =>
    navigator.clipboard.writeText(target.url).then(
      () => setSaid(t('shareLinkCopied')),
      () => setSaid(t('shareCopyFailed')),
    );
  const roles = target.resource.kind === 'site' ? SITE_ROLES : DOCUMENT_ROLES;
  const ownEmail = list?.ownEmail ?? '';
  const isOwn = (email: string) => ownEmail !== '' && sameEmail(email, ownEmail);
  // The user's other saved accounts: their rows are shown, not offered (changeAccess refuses them too).
  const savedUsers = list?.savedUsers ?? [];
  const otherAccount = (email: string) => (isOwn(email) ? null : (savedUsers.find((user) => sameEmail(user.email, email))?.number ?? null));
  const siteRemoval = list?.canChange === true && target.resource.kind === 'site';
  // Grist marks an editor's answer `personal` as a viewer's: an editor is told that only owners
  // change access, and sees the settings (disabled); "only yourself" is a viewer's.
  const onlySelf = list?.onlySelf === true && list.ownRole !== 'editors';

  return (
    <section class="share-panel" aria-labelledby="share-heading" ref={sectionRef}>
      <div class="panel-heading">
        <h2 id="share-heading" tabIndex={-1} ref={headingRef}>
          {t('shareTitle', target.name)}
        </h2>
        <div class="share-actions">
          <button type="button" class="link-button" onClick={close}>
            {t('backToDocuments')}
          </button>
          <button type="button" class="link-button" onClick={() => void copyLink()}>
            {t('shareCopyLink')}
          </button>
          <span role="status">{said}</span>
        </div>
      </div>
      {shown.kind === 'reading' && <p class="share-note">{t('shareReading')}</p>}
      {shown.kind === 'failed' && (
        <p class="share-problem" role="alert">
          {shown.message}
        </p>
      )}
      {list && (
        <>
          {list.canChange && (
            <ShareAdd
              own={{ sending: ownEmail === '' ? [] : [ownEmail], saved: savedUsers }}
              publicSwitch={target.resource.kind === 'document'}
              roles={roles}
              onEdit={() => setProblem('')}
              succeeded={succeeded}
              onAdd={(emails, role) => {
                const delta = grantDelta(list, emails, role);
                if (Object.keys(delta.users ?? {}).length === 0) return false;
                change(delta);
                return true;
              }}
            />
          )}
          {!list.canChange && <p class="share-note">{t(onlySelf ? 'shareOnlySelf' : 'shareReadOnly')}</p>}
          {siteRemoval && (
            <p id={SITE_REMOVAL_NOTE} class="share-note">
              {t('shareSiteRemoveNote')}
            </p>
          )}
          <ul class="share-people" aria-label={t('peopleTitle')}>
            {list.people.map((person) => (
              <SharePerson
                key={person.email}
                resource={list.resource}
                person={person}
                own={isOwn(person.email)}
                otherAccount={otherAccount(person.email)}
                editable={list.canChange && !isOwn(person.email) && otherAccount(person.email) === null}
                roles={roles}
                onRole={(role) => (role === null && siteRemoval ? void askRemoval(person.email) : change({ users: { [person.email]: role } }))}
                removeNote={siteRemoval ? SITE_REMOVAL_NOTE : undefined}
              >
                {asking?.email === person.email &&
                  (asking.step === 'reading' ? (
                    <p class="share-note">{t('peoplePreviewReading', person.email)}</p>
                  ) : (
                    <RemovalPreview grants={asking.grants} sending={asking.step === 'sending' ? null : undefined} questionRef={questionRef} onRemove={confirmRemoval} onCancel={() => keep(person.email)} />
                  ))}
              </SharePerson>
            ))}
          </ul>
          {!onlySelf && <ShareSettings list={list} onChange={change} />}
          <p class="share-problem" role="alert">
            {problem}
          </p>
        </>
      )}
    </section>
  );
}
