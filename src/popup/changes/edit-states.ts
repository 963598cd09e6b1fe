/**
 * Where a change being asked for stands before it is sent: a rename's field, a move's or copy's
 * picker, the Share panel. The store holds them; the views show them; the changes (kinds/: rename.ts, move.ts, copy.ts) move them on.
 */
import type { DocumentPlace } from '../../shared/protocol/listing.ts';
import type { DocumentRef } from '../../listing-view/row-identity.ts';
import type { AccessResource } from '../../shared/protocol/sharing.ts';
import type { RowRef } from '../reads/row-ref.ts';

/** A document or workspace being renamed: the field's text, whether the new name is on its way, the last error. */
export interface RenameState {
  draft: string;
  /** True while Grist has not answered; the row then shows `draft` trimmed as the name. */
  saving: boolean;
  error: string | null;
}

/** The document whose destination picker is open (one at a time), and where its move (or, `copy`, its copy) stands. */
export interface MoveState {
  ref: DocumentRef;
  copy?: true;
  /** A copy whose answer was lost and not found since: what "Copy again" sends again, if the user asks. */
  lost?: { to: DocumentPlace; name: string; asTemplate: boolean };
  /** True while Grist has not answered. */
  saving: boolean;
  /** Why the last move failed (shown in the picker); null before. */
  error: string | null;
}

/**
 * What the Share panel is open on (one at a time): a document, a workspace or a site, its name and
 * page (Copy link), its row (none for a site), and the button it was opened from, by its row's key
 * and a selector in it, which takes the focus back when the panel closes.
 */
export interface ShareTarget {
  resource: AccessResource;
  name: string;
  url: string;
  row: RowRef | null;
  opener: { key: string; selector: string };
}
