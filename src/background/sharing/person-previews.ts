/**
 * The previews of a person's removal this worker read (readPersonGrants), kept in memory under an
 * id the page gets with the preview and sends back with the removal (removePerson): the removal
 * takes what the worker itself read, never grants a page sends, and a preview is removed once (the
 * same id again answers the removal it started). A preview the worker no longer has (restarted
 * since, or pushed out) is unknown: its removal reads each site afresh. Other people's emails and
 * grants: in memory only, at most MAX_PREVIEWS of them, each for at most PREVIEW_KEPT_MS.
 */
import { sameEmail } from '../../shared/protocol/sharing.ts';
import type { PersonHad, PersonSite, PersonSiteKey } from '../../shared/protocol/people.ts';

/** How many previews are kept: the People view shows one at a time; a few popups at once, with room. */
const MAX_PREVIEWS = 8;

/** How long a preview is kept (ms): past that, its removal reads afresh. */
const PREVIEW_KEPT_MS = 30 * 60_000;

interface Preview {
  email: string;
  sites: readonly PersonSite[];
  at: number;
  /** The batch its removal started, once one did (a start that failed started none). */
  removal?: Promise<string>;
}

/** The previews, oldest first. */
const previews = new Map<string, Preview>();

/** Lets go of the previews past PREVIEW_KEPT_MS, and of the oldest past MAX_PREVIEWS. */
function trim(): void {
  const now = Date.now();
  for (const [id, preview] of previews) if (now - preview.at > PREVIEW_KEPT_MS) previews.delete(id);
  for (const id of [...previews.keys()].slice(0, Math.max(0, previews.size - MAX_PREVIEWS))) previews.delete(id);
}

/** Keeps what a preview of `email` read on each of `sites`. Out: its id, for the page to send back with the removal. */
export function keepPreview(email: string, sites: readonly PersonSite[]): string {
  const id = crypto.randomUUID();
  previews.set(id, { email, sites, at: Date.now() });
  trim();
  return id;
}

/** Preview `id` of `email`, if this worker still has it. */
function previewOf(id: string | undefined, email: string): Preview | undefined {
  trim();
  const preview = id === undefined ? undefined : previews.get(id);
  return preview && sameEmail(preview.email, email) ? preview : undefined;
}

/** What preview `id` of `email` read on site `key` (the account that read it, and what the person had there); undefined when it has no such site or is unknown. */
export function previewedOn(id: string | undefined, email: string, key: PersonSiteKey): (PersonHad & { account: string }) | undefined {
  const site = previewOf(id, email)?.sites.find(({ orgId, siteUrl }) => orgId === key.orgId && siteUrl === key.siteUrl);
  return site && { account: site.account, role: site.role, workspaces: site.workspaces, documents: site.documents };
}

/**
 * Starts the removal of preview `id` of `email` once (`start`, out: its batch id): the same preview
 * again (Remove clicked again after the page lost track of the first) answers the batch the first
 * started, even while it starts; a start that failed started nothing, and may be asked again. An
 * unknown preview is started each time. Out: the batch id.
 */
export function removeOnce(id: string | undefined, email: string, start: () => Promise<string>): Promise<string> {
  const preview = previewOf(id, email);
  if (!preview) return start();
  if (preview.removal) return preview.removal;
  const removal = start();
  preview.removal = removal;
  removal.catch(() => preview.removal === removal && delete preview.removal);
  return removal;
}
