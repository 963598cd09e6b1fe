/**
 * The Bulk changes page's state and actions: the listing (cached at once, refreshed behind), which
 * documents are offered and picked, the change prepared (the rename rules, a move's destination, a
 * trash or copy run asked about), the preview of it, and the run the worker does.
 * The views only read these signals and call these actions; all talk with the background goes
 * through the `Backend` interface, so tests hand in a fake.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals';
import type { Backend } from '../shared/backend-client.ts';
import { settle, type ErrorValue } from '../shared/errors.ts';
import { t } from '../shared/i18n.ts';
import { accountShortNames, canRename, siteDisplayName, type Listing, type SiteEntry } from '../shared/listing.ts';
import { prepareListing, type DocumentItemRow } from '../listing-view/listing-rows.ts';
import { matchingRows } from '../listing-view/listing-search.ts';
import { searchTerms } from '../shared/search.ts';
import { batchDestinations, type MoveDestination } from '../shared/move.ts';
import { previewRenames, workspaceKeyOf, type PickedDocument, type Preview } from './rename-preview.ts';
import { compileRules, NO_RULES, type CompiledRules, type RenameRules } from './rename-rules.ts';
import { planMove, type MovePlan } from './move-plan.ts';
import { createRunControl, type RunView } from './run-control.ts';
import { createTrashCopy, type TrashCopyView } from './trash-copy.ts';

/** What the preview shows, and what its button or question sends: one kind of change at a time. */
export type PreviewKind = 'rename' | 'move' | 'trash' | 'copy';

export type BulkBackend = Pick<Backend, 'refreshListing' | 'startBulkRename' | 'startBulkMove' | 'startBulkTrash' | 'startBulkCopy' | 'getBulkRun' | 'stopBulkRun' | 'retryFailedBulk' | 'undoBatch'>;

export interface BulkStoreDependencies {
  backend: BulkBackend;
  /** The cached listing from storage (`listingItem.get` in the extension). */
  readCachedListing: () => Promise<Listing | null>;
  /** Resolves after `ms` (a timer in the page): the pause between two looks at a run under way. */
  wait?: (ms: number) => Promise<void>;
}

/** A line of the document picker: a site's or workspace's heading, or a document to pick. */
export type PickerRow = { kind: 'site'; key: string; name: string } | { kind: 'workspace'; key: string; name: string } | { kind: 'document'; key: string; row: DocumentItemRow };

/** A choice of the site or workspace picker: its key (`<account> <site URL>`, the same and ` <workspace id>`) and name. */
export interface PickerChoice {
  key: string;
  name: string;
}

/** The page's state: the listing, the choice of documents, the rules and their preview, a move's plan, and the run (run-control.ts). */
export interface BulkStore extends RunView, TrashCopyView {
  readonly listing: ReadonlySignal<Listing | null>;
  /** True once the cache was read or a fresh listing arrived. */
  readonly loaded: ReadonlySignal<boolean>;
  /** Why the listing could not be refreshed; null after a good refresh. */
  readonly listingError: ReadonlySignal<ErrorValue | null>;
  readonly query: ReadonlySignal<string>;
  /** The site picked (see PickerChoice), or '' for every site. */
  readonly site: ReadonlySignal<string>;
  /** The workspace picked (see PickerChoice), or '' for every workspace. */
  readonly workspace: ReadonlySignal<string>;
  readonly sites: ReadonlySignal<readonly PickerChoice[]>;
  /** The workspaces of the site picked (of every site, named with their site, when none is). */
  readonly workspaces: ReadonlySignal<readonly PickerChoice[]>;
  /** What the picker lists: documents the user owns that match the filter and pickers, under headings. */
  readonly pickerRows: ReadonlySignal<readonly PickerRow[]>;
  /** The documents of `pickerRows`, in order. */
  readonly shown: ReadonlySignal<readonly DocumentItemRow[]>;
  /** How many documents of the listing are not offered: the user does not own them. */
  readonly notOwned: ReadonlySignal<number>;
  /** The picked documents, by key (see documentKey). */
  readonly selected: ReadonlySignal<ReadonlySet<string>>;
  /** The picked documents in listing order, with where each lives. */
  readonly picked: ReadonlySignal<readonly PickedDocument[]>;
  /**
   * The change the preview shows: a trash or copy run asked about (pendingChange), else a move
   * once a destination is chosen, else the rename.
   */
  readonly previewKind: ReadonlySignal<PreviewKind>;
  readonly rules: ReadonlySignal<RenameRules>;
  /** The rules checked: an invalid regular expression is an error here. */
  readonly compiled: ReadonlySignal<CompiledRules>;
  /** The picked documents in listing order, each with its new name and verdict; null while the rules are invalid. */
  readonly preview: ReadonlySignal<Preview | null>;
  /** The workspaces the picked documents can be moved to together (batchDestinations). */
  readonly destinations: ReadonlySignal<readonly MoveDestination[]>;
  /** True while the destination picker is open. */
  readonly choosingDestination: ReadonlySignal<boolean>;
  /** The move of the picked documents to the destination chosen; null while none is. */
  readonly movePlan: ReadonlySignal<MovePlan | null>;
  /** True while the page asks before moving documents to another site (once for the batch). */
  readonly confirmingMove: ReadonlySignal<boolean>;

  /** Shows the cached listing and the latest run, then fetches a fresh listing. */
  start(): Promise<void>;
  setQuery(text: string): void;
  setSite(key: string): void;
  setWorkspace(key: string): void;
  /**
   * Picks or unpicks a shown document. `range`: Shift was held, so every shown document from the
   * last one clicked to this one takes this one's new state.
   */
  toggle(key: string, range?: boolean): void;
  selectAllShown(): void;
  clearSelection(): void;
  setRules(change: Partial<RenameRules>): void;
  /** Opens (true) or closes the destination picker. */
  chooseDestination(open: boolean): void;
  /** Sets the destination of the picked documents (null: they are not moved), and closes the picker; a trash or copy asked about is no longer. */
  setDestination(destination: MoveDestination | null): void;
  /**
   * Starts the move run of the documents the plan moves, and follows it. When some leave their
   * site, asks first (`confirmingMove`); `confirmed` is the answer Move anyway.
   */
  move(confirmed?: boolean): Promise<void>;
  cancelMove(): void;
  /** Starts the run of the preview's will-rename documents, and follows it. */
  rename(): Promise<void>;
  /** Leaves the run's results for a new choice, on a fresh listing. */
  newBulkChange(): Promise<void>;
}

/** A site's key in the pickers: its account (two users of one server each list it) and its address (org ids are per server). */
function siteKeyOf(site: SiteEntry): string {
  return `${site.account} ${site.siteUrl}`;
}

/** Creates the page's store. Nothing happens until `start()` is called. */
export function createBulkStore({ backend, readCachedListing, wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)) }: BulkStoreDependencies): BulkStore {
  const listing = signal<Listing | null>(null);
  const loaded = signal(false);
  const listingError = signal<ErrorValue | null>(null);
  const query = signal('');
  const site = signal('');
  const workspace = signal('');
  const selected = signal<ReadonlySet<string>>(new Set());
  const rules = signal<RenameRules>(NO_RULES);
  const runControl = createRunControl(backend, wait);
  const { run, undone, busy, announcement, startRun, follow } = runControl;
  const choosingDestination = signal(false);
  const destination = signal<MoveDestination | null>(null);
  const confirmingMove = signal(false);

  const prepared = computed(() => (listing.value ? prepareListing(listing.value) : null));
  const terms = computed(() => searchTerms(query.value).join(' '));
  /** Every document the user owns, in listing order. */
  const owned = computed(() => (prepared.value?.rows ?? []).filter((row): row is DocumentItemRow => row.kind === 'document' && canRename(row.document)));
  const notOwned = computed(() => (prepared.value?.rows ?? []).filter((row) => row.kind === 'document').length - owned.value.length);

  /**
   * A site's name in the pickers and the preview; with two or more accounts, with whose it is (two
   * users of one server each list their "Personal" and may share a team).
   */
  const siteName = computed(() => {
    const who = accountShortNames(listing.value?.accounts ?? []);
    if (who.size === 0) return siteDisplayName;
    return (entry: SiteEntry) => t('siteOfAccount', siteDisplayName(entry), who.get(entry.account) ?? '');
  });
  const sites = computed(() => (listing.value?.sites ?? []).map((entry) => ({ key: siteKeyOf(entry), name: siteName.value(entry) })));
  const workspaces = computed(() => {
    const choices: PickerChoice[] = [];
    for (const entry of listing.value?.sites ?? []) {
      if (site.value && siteKeyOf(entry) !== site.value) continue;
      for (const space of entry.workspaces) {
        if (!space.documents.some(canRename)) continue;
        choices.push({ key: `${siteKeyOf(entry)} ${space.id}`, name: site.value ? space.name : `${siteName.value(entry)} › ${space.name}` });
      }
    }
    return choices;
  });

  const pickerRows = computed(() => {
    const current = prepared.value;
    if (!current) return [];
    const termList = terms.value ? terms.value.split(' ') : [];
    const rows: PickerRow[] = [];
    let lastSite = '';
    let lastWorkspace = '';
    for (const row of matchingRows(current, termList)) {
      if (row.kind !== 'document' || !canRename(row.document)) continue;
      const siteKey = siteKeyOf(row.site);
      const workspaceKey = `${siteKey} ${row.workspace.id}`;
      if ((site.value && site.value !== siteKey) || (workspace.value && workspace.value !== workspaceKey)) continue;
      if (siteKey !== lastSite) rows.push({ kind: 'site', key: `s${siteKey}`, name: siteName.value(row.site) });
      if (workspaceKey !== lastWorkspace) rows.push({ kind: 'workspace', key: `w${workspaceKey}`, name: row.workspace.name });
      lastSite = siteKey;
      lastWorkspace = workspaceKey;
      rows.push({ kind: 'document', key: row.key, row });
    }
    return rows;
  });
  const shown = computed(() => pickerRows.value.flatMap((row) => (row.kind === 'document' ? [row.row] : [])));

  /** The picked documents in listing order, and the names of the other documents of their workspaces. */
  const picked = computed(() => {
    const chosen = selected.value;
    const documents: PickedDocument[] = [];
    const pickedIds = new Set<string>();
    const workspaceKeys = new Set<string>();
    for (const row of owned.value) {
      if (!chosen.has(row.key)) continue;
      const workspaceKey = workspaceKeyOf(row.site.siteUrl, row.workspace.id);
      documents.push({
        account: row.site.account,
        orgId: row.ref.orgId,
        siteUrl: row.site.siteUrl,
        siteName: siteName.value(row.site),
        workspaceId: row.workspace.id,
        workspaceKey,
        workspaceName: row.workspace.name,
        document: row.document,
      });
      pickedIds.add(row.document.id);
      workspaceKeys.add(workspaceKey);
    }
    const otherNames = new Map<string, Set<string>>();
    for (const entry of listing.value?.sites ?? []) {
      for (const space of entry.workspaces) {
        const key = workspaceKeyOf(entry.siteUrl, space.id);
        if (!workspaceKeys.has(key)) continue;
        const names = otherNames.get(key) ?? new Set<string>();
        for (const document of space.documents) if (!pickedIds.has(document.id)) names.add(document.name);
        otherNames.set(key, names);
      }
    }
    return { documents, otherNames };
  });
  const destinations = computed(() =>
    listing.value
      ? batchDestinations(
          listing.value,
          picked.value.documents.map((entry) => ({ account: entry.account, orgId: entry.orgId, siteUrl: entry.siteUrl, workspaceId: entry.workspaceId })),
        )
      : [],
  );
  const movePlan = computed(() => destination.value && planMove(picked.value.documents, destination.value));
  const compiled = computed(() => compileRules(rules.value));
  const preview = computed(() => {
    const rulesNow = compiled.value;
    return rulesNow.ok ? previewRenames(picked.value.documents, rulesNow, picked.value.otherNames) : null;
  });
  const trashCopy = createTrashCopy({ backend, listing, picked, startRun });
  const previewKind = computed<PreviewKind>(() => trashCopy.pendingChange.value?.kind ?? (movePlan.value ? 'move' : 'rename'));

  /** The document clicked last, where a Shift+click range starts. */
  let anchor: string | null = null;

  async function refresh(): Promise<void> {
    const reply = await settle(backend.refreshListing(null));
    batch(() => {
      loaded.value = true;
      if (reply.ok) {
        listing.value = reply.value;
        listingError.value = null;
      } else {
        listingError.value = reply.error;
      }
    });
  }

  async function start(): Promise<void> {
    const refreshed = refresh();
    const cached = await readCachedListing().catch(() => null);
    // The cache is older than any fresh answer: it never replaces one.
    if (cached && !listing.value) {
      listing.value = cached;
      loaded.value = true;
    }
    const latest = await settle(backend.getBulkRun({ runId: null }));
    if (latest.ok && latest.value && !run.value) {
      run.value = latest.value;
      void follow(latest.value.id);
    }
    await refreshed;
  }

  return {
    listing,
    loaded,
    listingError,
    query,
    site,
    workspace,
    sites,
    workspaces,
    pickerRows,
    shown,
    notOwned,
    selected,
    picked: computed(() => picked.value.documents),
    previewKind,
    rules,
    compiled,
    preview,
    run,
    undone,
    busy,
    announcement,
    destinations,
    choosingDestination,
    movePlan,
    confirmingMove,
    start,
    chooseDestination: (open) => (choosingDestination.value = open),
    setDestination: (to) =>
      batch(() => {
        destination.value = to;
        choosingDestination.value = false;
        confirmingMove.value = false;
        if (to) trashCopy.cancelPendingChange();
      }),
    async move(confirmed = false) {
      const plan = movePlan.value;
      if (!plan || plan.moving === 0 || busy.value) return;
      if (plan.crossSite > 0 && !confirmed) {
        confirmingMove.value = true;
        return;
      }
      confirmingMove.value = false;
      const items = picked.value.documents.flatMap((entry, index) => (plan.outcomes[index] === 'move' ? [{ orgId: entry.orgId, siteUrl: entry.siteUrl, docId: entry.document.id }] : []));
      await startRun((requestId) => backend.startBulkMove({ requestId, items, to: { orgId: plan.destination.site.orgId, siteUrl: plan.destination.site.siteUrl, workspaceId: plan.destination.workspace.id } }));
    },
    cancelMove: () => (confirmingMove.value = false),
    setQuery: (text) => (query.value = text),
    setSite: (key) =>
      batch(() => {
        site.value = key;
        // A workspace of another site would show nothing.
        if (workspace.value && key && !workspace.value.startsWith(`${key}/`)) workspace.value = '';
      }),
    setWorkspace: (key) => (workspace.value = key),
    toggle(key, range = false) {
      const next = new Set(selected.value);
      const on = !next.has(key);
      const order = shown.value;
      const from = range && anchor !== null ? order.findIndex((row) => row.key === anchor) : -1;
      const to = from >= 0 ? order.findIndex((row) => row.key === key) : -1;
      if (from >= 0 && to >= 0) {
        for (let index = Math.min(from, to); index <= Math.max(from, to); index++) {
          if (on) next.add(order[index]!.key);
          else next.delete(order[index]!.key);
        }
      } else if (on) next.add(key);
      else next.delete(key);
      anchor = key;
      selected.value = next;
    },
    selectAllShown() {
      const next = new Set(selected.value);
      for (const row of shown.value) next.add(row.key);
      selected.value = next;
    },
    clearSelection() {
      anchor = null;
      selected.value = new Set();
    },
    setRules: (change) => (rules.value = { ...rules.value, ...change }),
    async rename() {
      const current = preview.value;
      if (!current || current.counts.rename === 0) return;
      const items = picked.value.documents.flatMap((entry, index) => {
        const kind = current.verdicts[index]!.kind;
        return kind === 'rename' || kind === 'duplicate' ? [{ orgId: entry.orgId, siteUrl: entry.siteUrl, docId: entry.document.id, newName: current.newNames[index]! }] : [];
      });
      await startRun((requestId) => backend.startBulkRename({ requestId, items }));
    },
    ...trashCopy,
    stop: runControl.stop,
    retryFailed: runControl.retryFailed,
    undoBatch: runControl.undoBatch,
    async newBulkChange() {
      batch(() => {
        run.value = null;
        undone.value = null;
        announcement.value = '';
        // The documents moved are elsewhere now: a new choice starts without a destination.
        destination.value = null;
        trashCopy.cancelPendingChange();
      });
      await refresh();
    },
  };
}
