/**
 * The popup's People view (its title bar menu's People): everyone who has access to any listed
 * site, across every site and account, each site's access read when the view opens (one request
 * for all, over the worker's People port: each site read within its host's limit) and drawn as it
 * answers; grouped by person,
 * with their role on each site, searched by the popup's search box (name or email), its own
 * while the view shows (`terms`: "Search people"). For someone
 * else, "Remove <email> from all your sites…" reads first what they have on each site the user
 * owns, lists it, and removes them only when asked (one request per site), with Undo. Kept in
 * memory only. Names and emails come from Grist: text only. Loaded on demand (on-demand/lazy.tsx).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t, tCount } from '../../shared/i18n.ts';
import { accountShortNames, siteDisplayName } from '../../shared/protocol/listing.ts';
import type { PersonGrants, RemovedPerson } from '../../shared/protocol/people.ts';
import { peopleRoleWord } from '../../shared/rules/role-words.ts';
import type { AccessList } from '../../shared/protocol/sharing.ts';
import type { PopupStore } from '../store-types.ts';
import { isUndoKey } from '../status/undo-key.ts';
import { groupPeople, matchingPeople, type ListedPerson } from './people-list.ts';
import { RemovalPreview } from './removal-preview.tsx';

/** The id of what a removal came to, which its Undo button is described by. */
const REMOVAL_WORDS = 'people-removal-words';

/** A site of the view: its name and address, and its access once read (or why not). */
interface ViewSite {
  key: string;
  orgId: number;
  siteUrl: string;
  name: string;
  access: AccessList | string | null;
}

/** Where a removal stands: its preview being read, shown, being sent, or done (with its Undo). */
type Removal =
  | { email: string; step: 'reading' }
  | { email: string; step: 'preview'; grants: PersonGrants }
  | { email: string; step: 'sending'; grants: PersonGrants; progress?: RemovedPerson }
  | { email: string; step: 'done'; removed: RemovedPerson; words: string };

/** The People view of `store`'s listed sites: each site's people read through the store when shown (and again where a removal or its Undo went), kept in the view's own state. */
export function PeopleView({ store, terms }: { store: PopupStore; terms: readonly string[] }) {
  const [sites, setSites] = useState<ViewSite[]>([]);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);

  const shownRef = useRef(true);
  /** Answers not drawn yet, by site key, and whether a frame is asked to draw them. */
  const arrivedRef = useRef(new Map<string, AccessList | string>());
  const frameAskedRef = useRef(false);
  /**
   * Draws the answers that came since the last frame, in one render at the next frame: 201 sites
   * answer within a few hundred ms, and a render of the whole view at each answer kept the browser
   * from drawing any (the bench: every answer in before the first site was drawn).
   */
  const drawArrived = () => {
    frameAskedRef.current = false;
    const arrived = arrivedRef.current;
    arrivedRef.current = new Map();
    if (shownRef.current && arrived.size > 0) setSites((now) => now.map((each) => (arrived.has(each.key) ? { ...each, access: arrived.get(each.key)! } : each)));
  };
  /** What stops each read under way (readSitesPeople): called when the view goes. */
  const stopsRef = useRef<Array<() => void>>([]);
  /**
   * Reads `list`'s sites, all in one request, each drawn at the frame after it answers; what a
   * site showed stays until its new answer. The worker reads them all at once and paces them (at
   * most so many requests in flight per host, grist-client.ts): a slow or dead host waits alone,
   * its timeout delays no other site.
   */
  const readSites = (list: readonly ViewSite[]) => {
    if (list.length === 0) return;
    void store
      .act('readSitesPeople', list, (index, access) => {
        arrivedRef.current.set(list[index]!.key, access);
        if (frameAskedRef.current) return;
        frameAskedRef.current = true;
        requestAnimationFrame(drawArrived);
      })
      .then((stop) => (shownRef.current ? stopsRef.current.push(stop) : stop()));
  };

  // Read when shown: each listed site once (a site two accounts list is one).
  useEffect(() => {
    const seen = new Set<string>();
    // Named as the list names them; with several accounts, each own personal site by its account (siteDisplayName).
    const who = accountShortNames(store.listing.value?.accounts ?? []);
    const listed = (store.listing.value?.sites ?? []).flatMap((site): ViewSite[] => {
      const key = `${site.siteUrl} ${site.orgId}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ key, orgId: site.orgId, siteUrl: site.siteUrl, name: siteDisplayName(site, who.get(site.account)), access: null }];
    });
    setSites(listed);
    readSites(listed);
    return () => {
      shownRef.current = false;
      for (const stop of stopsRef.current) stop();
    };
  }, []);

  /** Reads again the sites a removal or its undo changed, so the list shows who is there now. */
  const rereadSites = (touched: ReadonlyArray<{ orgId: number; siteUrl: string }>) => {
    const keys = new Set(touched.map(({ orgId, siteUrl }) => `${siteUrl} ${orgId}`));
    readSites(sites.filter(({ key }) => keys.has(key)));
  };

  // Ctrl+Z undoes the removal while its Undo is offered, as the status line's does a change of its own.
  const done = removal?.step === 'done' ? removal.removed : null;
  useEffect(() => {
    if (!done) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isUndoKey(event)) return;
      event.preventDefault();
      void undo(done);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [done]);

  // The question takes the focus; the whole preview (what the removal takes) is brought into view with it.
  // Once removed, the preview and the button that had the focus are gone: the focus goes to Undo.
  useEffect(() => {
    if (removal?.step === 'done') undoRef.current?.focus();
    if (removal?.step !== 'preview') return;
    questionRef.current?.focus();
    questionRef.current?.parentElement?.scrollIntoView?.({ block: 'nearest' });
  }, [removal?.step]);

  async function preview(email: string): Promise<void> {
    setMessage(null);
    setRemoval({ email, step: 'reading' });
    const grants = await store.act('readPersonGrants', email);
    if (typeof grants === 'string') {
      setRemoval(null);
      setMessage(grants);
    } else setRemoval({ email, step: 'preview', grants });
  }

  async function remove(grants: PersonGrants): Promise<void> {
    setRemoval({ email: grants.email, step: 'sending', grants });
    // The worker runs it (closing the popup does not stop it): each answer while it runs is shown.
    const answer = await store.act('removePerson', grants, (progress) => shownRef.current && setRemoval({ email: grants.email, step: 'sending', grants, progress }));
    if (typeof answer === 'string') {
      setRemoval({ email: grants.email, step: 'preview', grants });
      setMessage(answer);
      return;
    }
    setRemoval({ email: grants.email, step: 'done', ...answer });
    rereadSites(answer.removed.sites);
  }

  async function undo(removed: RemovedPerson): Promise<void> {
    setRemoval(null);
    // Its Undo button goes: the focus goes to the view's note, not the top of the page.
    noteRef.current?.focus();
    await store.act('undoPersonRemoval', removed.batchId);
    rereadSites(removed.sites);
  }

  const read = sites.flatMap(({ name, access }) => (access && typeof access === 'object' ? [{ siteName: name, access }] : []));
  const people = matchingPeople(groupPeople(read), terms);
  const allRead = sites.every(({ access }) => access !== null);
  return (
    <>
      <p class="quiet trash-note" ref={noteRef} tabIndex={-1}>
        {t('peopleNote')}
      </p>
      {message && <p class="row-error">{message}</p>}
      {removal?.step === 'done' && (
        <p>
          {/* Said here only (not in the status line too), and read with the Undo that takes the focus, named with what it undoes. */}
          <span id={REMOVAL_WORDS}>{removal.words}</span>{' '}
          <button type="button" class="link-button" ref={undoRef} aria-describedby={REMOVAL_WORDS} aria-keyshortcuts="Control+Z Meta+Z" onClick={() => void undo(removal.removed)}>
            {tCount('undoPersonRemovalFrom', removal.removed.sites.filter(({ outcome }) => outcome === 'removed').length, removal.email)}
          </button>
        </p>
      )}
      {sites.map((site) =>
        site.access === null ? (
          <p class="quiet" key={site.key}>
            {t('peopleSiteReading', site.name)}
          </p>
        ) : typeof site.access === 'string' ? (
          <p class="row-error" key={site.key}>
            {t('peopleSiteError', site.name, site.access)}
          </p>
        ) : null,
      )}
      {allRead && read.length > 0 && people.length === 0 && <p class="empty-state">{terms.length > 0 ? t('peopleNoMatch') : t('peopleEmpty')}</p>}
      <ul class="trash-list">
        {people.map((person) => (
          <PersonRow key={person.email.toLowerCase()} person={person} removal={removal?.email === person.email ? removal : null} questionRef={questionRef} onPreview={preview} onRemove={remove} onCancel={() => setRemoval(null)} />
        ))}
      </ul>
    </>
  );
}

interface PersonRowProps {
  person: ListedPerson;
  removal: Removal | null;
  questionRef: { current: HTMLParagraphElement | null };
  onPreview: (email: string) => Promise<void>;
  onRemove: (grants: PersonGrants) => Promise<void>;
  onCancel: () => void;
}

function PersonRow({ person, removal, questionRef, onPreview, onRemove, onCancel }: PersonRowProps) {
  const removeRef = useRef<HTMLButtonElement>(null);
  /** True once the question was given up (Cancel, Escape): the focus goes back to the row's Remove… button. */
  const keptRef = useRef(false);
  useLayoutEffect(() => {
    if (removal === null && keptRef.current) removeRef.current?.focus();
    keptRef.current = false;
  }, [removal]);
  const keep = () => {
    keptRef.current = true;
    onCancel();
  };
  return (
    <li class="trash-document">
      <p class="trash-name">
        <bdi dir="auto">{person.name || person.email}</bdi>
        {person.name && (
          <>
            {' '}
            <bdi dir="auto" class="quiet">
              {person.email}
            </bdi>
          </>
        )}
        {person.isUser && <span class="quiet"> ({t('peopleYou')})</span>}
      </p>
      <ul class="people-roles">
        {person.sites.map(({ siteName, role }, index) => (
          <li key={index}>{t('personRoleOnSite', peopleRoleWord(role), siteName)}</li>
        ))}
      </ul>
      {!person.isUser && !removal && (
        <div class="trash-actions">
          <button type="button" class="link-button people-remove" ref={removeRef} onClick={() => void onPreview(person.email)}>
            {t('peopleRemoveEverywhere', person.email)}
          </button>
        </div>
      )}
      {removal?.step === 'reading' && <p class="quiet">{t('peoplePreviewReading', person.email)}</p>}
      {(removal?.step === 'preview' || removal?.step === 'sending') && (
        <RemovalPreview grants={removal.grants} sending={removal.step === 'sending' ? (removal.progress ?? null) : undefined} questionRef={questionRef} onRemove={onRemove} onCancel={keep} />
      )}
    </li>
  );
}
