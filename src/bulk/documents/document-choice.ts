/**
 * The Bulk changes page's choice of documents: which documents the picker offers (those the user
 * owns, or every listed one while the change is a download, matching the filter and the site and
 * workspace pickers, under their headings), which are picked, and the picked ones with where each
 * lives. Every kind of change starts from these.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals';
import { t } from '../../shared/i18n.ts';
import { accountShortNames, canRename, siteDisplayName, type Listing, type SiteEntry } from '../../shared/protocol/listing.ts';
import { prepareListing, type DocumentItemRow } from '../../listing-view/listing-rows.ts';
import { matchingRows } from '../../listing-view/listing-search.ts';
import { searchTerms } from '../../shared/rules/search.ts';
import { workspaceKeyOf, type PickedDocument } from './picked-document.ts';

/** A line of the document picker: a site's or workspace's heading, or a document to pick. */
export type PickerRow = { kind: 'site'; key: string; name: string } | { kind: 'workspace'; key: string; name: string } | { kind: 'document'; key: string; row: DocumentItemRow };

/** A choice of the site or workspace picker: its key (`<account> <site URL>`, the same and ` <workspace id>`) and name. */
export interface PickerChoice {
  key: string;
  name: string;
}

/** The choice of documents as the page's views see it, and what they can do with it. */
export interface DocumentChoiceView {
  readonly query: ReadonlySignal<string>;
  /** The site picked (see PickerChoice), or '' for every site. */
  readonly site: ReadonlySignal<string>;
  /** The workspace picked (see PickerChoice), or '' for every workspace. */
  readonly workspace: ReadonlySignal<string>;
  readonly sites: ReadonlySignal<readonly PickerChoice[]>;
  /** The workspaces of the site picked (of every site, named with their site, when none is). */
  readonly workspaces: ReadonlySignal<readonly PickerChoice[]>;
  /** What the picker lists: documents it offers (see createDocumentChoice) that match the filter and pickers, under headings. */
  readonly pickerRows: ReadonlySignal<readonly PickerRow[]>;
  /** The documents of `pickerRows`, in order. */
  readonly shown: ReadonlySignal<readonly DocumentItemRow[]>;
  /** How many documents of the listing are not offered: the user does not own them (0 while every document is offered). */
  readonly notOwned: ReadonlySignal<number>;
  /** The picked documents, by key (see documentKey): only offered ones (a pick of a document no longer offered does not count). */
  readonly selected: ReadonlySignal<ReadonlySet<string>>;
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
}

/** The choice as the page's store uses it: the picked documents, and the other names of their workspaces. */
export interface DocumentChoice extends DocumentChoiceView {
  /** The picked documents in listing order, and by workspace key the names of its documents not picked (for the rename preview). */
  readonly picked: ReadonlySignal<{ documents: readonly PickedDocument[]; otherNames: ReadonlyMap<string, ReadonlySet<string>> }>;
}

/** A site's key in the pickers: its account (two users of one server each list it) and its address (org ids are per server). */
function siteKeyOf(site: SiteEntry): string {
  return `${site.account} ${site.siteUrl}`;
}

/**
 * Creates the choice of documents of `listing` (none picked). The picker offers the documents the
 * user owns (a rename, move, trash, copy or access change needs an owner), and every listed document
 * while `everyDocument` is true: a download needs only read access (docs/grist-api.md "Downloads and
 * exports": viewers and editors may download too).
 */
export function createDocumentChoice(listing: ReadonlySignal<Listing | null>, everyDocument: ReadonlySignal<boolean>): DocumentChoice {
  const query = signal('');
  const site = signal('');
  const workspace = signal('');
  /** Every key picked, offered or not now: `selected` is those offered. */
  const picks = signal<ReadonlySet<string>>(new Set());

  const prepared = computed(() => (listing.value ? prepareListing(listing.value) : null));
  const terms = computed(() => searchTerms(query.value).join(' '));
  /** Whether the picker offers `document`. */
  const offered = computed(() => (everyDocument.value ? () => true : canRename));
  /** Every document the picker offers, in listing order. */
  const owned = computed(() => (prepared.value?.rows ?? []).filter((row): row is DocumentItemRow => row.kind === 'document' && offered.value(row.document)));
  const notOwned = computed(() => (prepared.value?.rows ?? []).filter((row) => row.kind === 'document').length - owned.value.length);
  // A pick of a document not offered now (picked for a download, then a rename asked) is left out.
  const selected = computed<ReadonlySet<string>>(() => {
    const all = picks.value;
    if (all.size === 0) return all;
    const kept = new Set<string>();
    for (const row of owned.value) if (all.has(row.key)) kept.add(row.key);
    return kept.size === all.size ? all : kept;
  });

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
        if (!space.documents.some(offered.value)) continue;
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
      if (row.kind !== 'document' || !offered.value(row.document)) continue;
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

  /** The document clicked last, where a Shift+click range starts. */
  let anchor: string | null = null;

  return {
    query,
    site,
    workspace,
    sites,
    workspaces,
    pickerRows,
    shown,
    notOwned,
    selected,
    picked,
    setQuery: (text) => (query.value = text),
    setSite: (key) =>
      batch(() => {
        site.value = key;
        // A workspace of another site would show nothing.
        if (workspace.value && key && !workspace.value.startsWith(`${key} `)) workspace.value = '';
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
      picks.value = next;
    },
    selectAllShown() {
      const next = new Set(selected.value);
      for (const row of shown.value) next.add(row.key);
      picks.value = next;
    },
    clearSelection() {
      anchor = null;
      picks.value = new Set();
    },
  };
}
