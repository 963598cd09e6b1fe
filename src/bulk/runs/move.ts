/**
 * A bulk move run on the Bulk changes page: started with the documents the move plan moves (not
 * those in the destination already, nor those of another Grist server), all to its destination;
 * nothing starts before a destination is chosen, or when it moves none. (Asking once before
 * documents leave their site is the move form's step, before the run starts: move-change.ts.)
 */
import type { MovePlan } from '../move-plan.ts';
import type { PickedDocument } from '../documents/picked-document.ts';
import { defineRunKind } from './run-kind.ts';

/** What a move run starts from: the picked documents, and the plan of moving them (null: no destination). */
export interface MovePrepared {
  picked: readonly PickedDocument[];
  plan: MovePlan | null;
}

/** The move run: each document the plan moves, to the plan's destination. */
export const moveRun = defineRunKind('move', ({ picked, plan }: MovePrepared) => {
  if (!plan || plan.moving === 0) return null;
  const items = picked.flatMap((entry, index) => (plan.outcomes[index] === 'move' ? [{ orgId: entry.orgId, siteUrl: entry.siteUrl, docId: entry.document.id }] : []));
  const { site, workspace } = plan.destination;
  return { items, to: { orgId: site.orgId, siteUrl: site.siteUrl, workspaceId: workspace.id } };
});
