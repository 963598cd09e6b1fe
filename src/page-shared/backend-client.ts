/**
 * The pages' side of the message protocol: one function per message, each answering a `Result`.
 * UI stores take a `Backend` so component tests can hand them a fake instead.
 */
import { extensionApi as browser } from '../shared/extension-api.ts';
import { fail, NO_WORKER_ERROR, settle } from '../shared/protocol/errors.ts';
import type { AccountEntry, SiteEntry } from '../shared/protocol/listing.ts';
import { listingPortName, PEOPLE_PORT, type ListingPart, type Message, type MessageName, type Reply, type RequestOf, type SitesPeoplePart, type SitesPeopleRequest } from '../shared/protocol/messages.ts';

/**
 * A refresh under way as a page sees it: every site of the site list in its order, those that have
 * not answered yet marked `pending` (with no workspaces); `unchanged[i]` is true when site i
 * answered that it is as cached (Grist's 304); `asShown[i]` when it is as in the listing the page
 * said it shows, and was sent without its workspaces (site i is then its header, still `pending`).
 */
export interface RefreshProgress {
  sites: SiteEntry[];
  /** The accounts heading the sites, from the site list's step (see Listing.accounts): absent with one account. */
  accounts?: AccountEntry[];
  unchanged: boolean[];
  /** Absent: no site is (the page said it shows no listing). */
  asShown?: boolean[];
}

export type Backend = {
  [K in Exclude<MessageName, 'refreshListing'>]: (request: RequestOf<K>) => Promise<Reply<K>>;
} & {
  /**
   * A fresh listing; `onProgress` is told of the sites so far each time one more has answered.
   * `shownRevision`: the revision of the cached listing the page shows, so that sites as in it come
   * without their workspaces (see LISTING_PORT and RefreshProgress.asShown).
   */
  refreshListing: (request: null, onProgress?: (progress: RefreshProgress) => void, shownRevision?: string) => Promise<Reply<'refreshListing'>>;
  /**
   * Every site of `request`'s people, in one request (see PEOPLE_PORT): `onAnswer(index, reply)`
   * for site `index` of the request as it answers, each once, in any order: its access list, or why
   * it could not be read. Out: `close()`, after which no answer comes (the view went).
   */
  readSitesPeople: (request: SitesPeopleRequest, onAnswer: (index: number, reply: Reply<'readAccess'>) => void) => () => void;
};

async function send<K extends MessageName>(type: K, request: RequestOf<K>): Promise<Reply<K>> {
  const message: Message<K> = { type, request };
  // No reply at all (undefined) means no listener answered: the worker is not there.
  const answer = (browser.runtime.sendMessage(message) as Promise<Reply<K> | undefined>).then(
    (reply): Reply<K> => reply ?? { ok: false, error: NO_WORKER_ERROR },
  );
  return settle(answer);
}

/**
 * `refreshListing` over its port (see LISTING_PORT), calling `markUnderway` once the worker says
 * the refresh is under way (or it is over): gathers the sites as they answer, telling
 * `onProgress`, then answers the Reply with them. A port closed before the end (no worker, or it
 * stopped) answers NO_WORKER_ERROR.
 */
function refreshOverPort(markUnderway: () => void, onProgress?: (progress: RefreshProgress) => void, shownRevision?: string): Promise<Reply<'refreshListing'>> {
  return new Promise((resolve) => {
    let sites: SiteEntry[] = [];
    let unchanged: boolean[] = [];
    let asShown: boolean[] = [];
    let accounts: AccountEntry[] | undefined;
    const report = () => onProgress?.({ sites: [...sites], unchanged: [...unchanged], asShown: [...asShown], accounts });
    const port = browser.runtime.connect({ name: listingPortName(shownRevision) });
    port.onMessage.addListener((message) => {
      const part = message as ListingPart;
      if ('underway' in part) markUnderway();
      else if ('sites' in part) {
        sites = part.sites.map((header) => ({ ...header, workspaces: [], pending: true }));
        accounts = part.accounts;
        unchanged = sites.map(() => false);
        asShown = sites.map(() => false);
        report();
      } else if ('asShown' in part) {
        unchanged[part.index] = true;
        asShown[part.index] = true;
        report();
      } else if ('site' in part) {
        sites[part.index] = part.site;
        unchanged[part.index] = part.unchanged;
        asShown[part.index] = false;
        report();
      } else {
        markUnderway();
        port.disconnect();
        // The last progress holds which sites are as shown: the page takes those from what it shows.
        report();
        resolve(part.end.ok ? { ok: true, value: { ...part.end.value, sites } } : part.end);
      }
    });
    // Only the other end's disconnection is reported here, so this never follows the end.
    port.onDisconnect.addListener(() => {
      markUnderway();
      resolve(fail(NO_WORKER_ERROR));
    });
  });
}

/**
 * `readSitesPeople` over its port (see PEOPLE_PORT and Backend.readSitesPeople): closes the port
 * once every site answered. A port closed by the other end first (no worker, or it stopped) answers
 * NO_WORKER_ERROR for every site not answered yet; a refused request, its error for every site.
 */
const readSitesPeople: Backend['readSitesPeople'] = (request, onAnswer) => {
  const waiting = new Set(request.sites.keys());
  const port = browser.runtime.connect({ name: PEOPLE_PORT });
  let open = true;
  const close = () => {
    if (open) port.disconnect();
    open = false;
  };
  /** Answers `reply` for site `index` if it is still waiting; closes the port once none is. */
  const give = (index: number, reply: Reply<'readAccess'>) => {
    if (!waiting.delete(index)) return;
    onAnswer(index, reply);
    if (waiting.size === 0) close();
  };
  port.onMessage.addListener((message) => {
    const part = message as SitesPeoplePart;
    if ('refused' in part) for (const index of [...waiting]) give(index, fail(part.refused));
    else give(part.index, part.reply);
  });
  // Only the other end's disconnection is reported here.
  port.onDisconnect.addListener(() => {
    open = false;
    for (const index of [...waiting]) give(index, fail(NO_WORKER_ERROR));
  });
  if (waiting.size === 0) close();
  else port.postMessage(request);
  return () => {
    waiting.clear();
    close();
  };
};

/**
 * The real backend: each message of the protocol a function that sends it to the background
 * service worker, made when first asked (a proxy), so no page carries the protocol's list of names;
 * `refreshListing` and `readSitesPeople` go over their ports. A page names the messages it sends
 * in its type only. Also
 * `refreshUnderway()`: settles once the latest refresh this backend asked for is under way, or over:
 * when the page may read the cached listing (megabytes at 20,000 documents) without holding up that
 * refresh, the worker having made its own storage reads. Kept per backend, not in this module.
 */
export function backendFor<K extends Exclude<MessageName, 'refreshListing'> = Exclude<MessageName, 'refreshListing'>>(): Pick<Backend, K | 'refreshListing' | 'readSitesPeople'> & RefreshUnderway {
  let underway: Promise<void> = Promise.resolve();
  const refreshListing: Backend['refreshListing'] = (_request, onProgress, shownRevision) => {
    let markUnderway!: () => void;
    underway = new Promise((resolve) => (markUnderway = resolve));
    return settle(refreshOverPort(markUnderway, onProgress, shownRevision));
  };
  const refreshUnderway = () => underway;
  // `then` is not a message: the backend is no promise to the code that awaits it.
  return new Proxy({ refreshListing, readSitesPeople, refreshUnderway } as Record<string, unknown>, {
    get: (known, type) => (typeof type !== 'string' || type === 'then' ? undefined : (known[type] ??= (request: never) => send(type as K, request))),
  }) as Pick<Backend, K | 'refreshListing' | 'readSitesPeople'> & RefreshUnderway;
}

/** See backendFor. */
export interface RefreshUnderway {
  refreshUnderway(): Promise<void>;
}
