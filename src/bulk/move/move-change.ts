/**
 * The Bulk changes page's move: the workspaces the picked documents can go to together, the one
 * chosen, the plan of moving them there (move-plan.ts), and the one question asked before documents
 * leave their site; its answer starts the run (runs/move.ts).
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals';
import type { Listing } from '../../shared/protocol/listing.ts';
import { batchDestinations, type MoveDestination } from '../../shared/rules/move.ts';
import { planMove, type MovePlan } from '../move-plan.ts';
import type { PickedDocument } from '../documents/picked-document.ts';
import { moveRun } from '../runs/move.ts';
import type { Runner } from '../runs/runner.ts';

/** The move as the page's views see it, and what they can do with it. */
export interface MoveView {
  /** The workspaces the picked documents can be moved to together (batchDestinations). */
  readonly destinations: ReadonlySignal<readonly MoveDestination[]>;
  /** True while the destination picker is open. */
  readonly choosingDestination: ReadonlySignal<boolean>;
  /** The move of the picked documents to the destination chosen; null while none is. */
  readonly movePlan: ReadonlySignal<MovePlan | null>;
  /** True while the page asks before moving documents to another site (once for the batch). */
  readonly confirmingMove: ReadonlySignal<boolean>;
  /** Opens (true) or closes the destination picker. */
  chooseDestination(open: boolean): void;
  /**
   * Starts the move run of the documents the plan moves, and follows it. When some leave their
   * site, asks first (`confirmingMove`); `confirmed` is the answer Move anyway.
   */
  move(confirmed?: boolean): Promise<void>;
  cancelMove(): void;
}

/** The move as the page's store drives it: the destination, set or cleared. */
export interface MoveChange extends MoveView {
  /** Sets the destination of the picked documents (null: they are not moved), and closes the picker. */
  setDestination(destination: MoveDestination | null): void;
}

/** What the move needs of the page's store. */
export interface MoveDependencies {
  listing: ReadonlySignal<Listing | null>;
  picked: ReadonlySignal<{ documents: readonly PickedDocument[] }>;
  runner: Pick<Runner, 'busy' | 'begin'>;
}

/** Creates the page's move (no destination chosen). */
export function createMoveChange({ listing, picked, runner }: MoveDependencies): MoveChange {
  const choosingDestination = signal(false);
  const destination = signal<MoveDestination | null>(null);
  const confirmingMove = signal(false);
  const destinations = computed(() =>
    listing.value
      ? batchDestinations(
          listing.value,
          picked.value.documents.map((entry) => ({ account: entry.account, orgId: entry.orgId, siteUrl: entry.siteUrl, workspaceId: entry.workspaceId })),
        )
      : [],
  );
  const movePlan = computed(() => destination.value && planMove(picked.value.documents, destination.value));
  return {
    destinations,
    choosingDestination,
    movePlan,
    confirmingMove,
    chooseDestination: (open) => (choosingDestination.value = open),
    setDestination: (to) =>
      batch(() => {
        destination.value = to;
        choosingDestination.value = false;
        confirmingMove.value = false;
      }),
    async move(confirmed = false) {
      const plan = movePlan.value;
      if (!plan || plan.moving === 0 || runner.busy.value) return;
      if (plan.crossSite > 0 && !confirmed) {
        confirmingMove.value = true;
        return;
      }
      confirmingMove.value = false;
      await runner.begin(moveRun, { picked: picked.value.documents, plan });
    },
    cancelMove: () => (confirmingMove.value = false),
  };
}
