/**
 * What moving the picked documents of the Bulk changes page to one workspace comes to, document by
 * document: moved (to another site or not), already there, or on another Grist server (a move
 * stays within one server, docs/grist-api.md "Moving a document"). Pure.
 */
import { serverOf, type MoveDestination } from '../shared/rules/move.ts';
import type { PickedDocument } from './documents/picked-document.ts';

/** What moving the picked documents to the destination comes to, row by row of the preview. */
export interface MovePlan {
  destination: MoveDestination;
  /** By picked document (in listing order, as `preview.picked`): moved, already in that workspace, or on another Grist server (never sent). */
  outcomes: Array<'move' | 'here' | 'other-server'>;
  /** How many are moved, and how many of those leave their site (new addresses: asked once). */
  moving: number;
  crossSite: number;
}

/** The plan of moving `documents` (picked, in listing order) to `to`. */
export function planMove(documents: readonly PickedDocument[], to: MoveDestination): MovePlan {
  const server = serverOf(to.site.siteUrl);
  let moving = 0;
  let crossSite = 0;
  const outcomes = documents.map((entry) => {
    if (serverOf(entry.siteUrl) !== server) return 'other-server' as const;
    const sameSite = entry.orgId === to.site.orgId && entry.siteUrl === to.site.siteUrl;
    if (sameSite && entry.workspaceId === to.workspace.id) return 'here' as const;
    moving += 1;
    if (!sameSite) crossSite += 1;
    return 'move' as const;
  });
  return { destination: to, outcomes, moving, crossSite };
}
