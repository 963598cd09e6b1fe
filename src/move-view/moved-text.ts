/**
 * What a move says once Grist confirmed it, or its undo, the same wherever a single move is made
 * (the popup, the document window). Names are bidi-isolated text (plainTextName).
 */
import { t } from '../shared/i18n.ts';
import { plainTextName } from '../shared/rules/plain-text-name.ts';
import { siteDisplayName, type DocumentPlace } from '../shared/protocol/listing.ts';

/** "Moved “<name>” to <site> › <workspace>." (`key` movedBack: "… back to …"). */
export function movedText(key: 'movedTo' | 'movedBack', name: string, place: DocumentPlace): string {
  return t(key, plainTextName(name), siteDisplayName(place.site), place.workspace.name);
}

/** The question a move to another site (`site`) asks (the popup, the document window): new address, links broken. */
export function crossSiteQuestion(site: { name: string; personal?: boolean }, documentName: string): string {
  return t('moveCrossSite', siteDisplayName(site), plainTextName(documentName));
}

/**
 * What an undone move says: back where, and, from another site, that the old links stay broken
 * (Grist dropped the document's urlId and does not give it back, docs/grist-api.md "Moving a document").
 */
export function movedBackText(move: { from: DocumentPlace; to: DocumentPlace }, name: string): string {
  const text = movedText('movedBack', name, move.from);
  return move.from.site.orgId === move.to.site.orgId ? text : `${text} ${t('oldLinksStayBroken')}`;
}
