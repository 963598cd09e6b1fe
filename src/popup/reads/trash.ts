/**
 * The Trash view's read: every listed site's trash, read afresh by the worker (the view's
 * restores and deletions are changes: changes/kinds/from-trash.ts).
 */
import type { Backend } from '../../page-shared/backend-client.ts';
import { settle } from '../../shared/protocol/errors.ts';
import type { TrashSite } from '../../shared/protocol/trash.ts';

/** Every listed site's trash, read afresh by the worker. Out: the sites, or why they could not be read. */
export async function readTrash({ backend }: { backend: Pick<Backend, 'readTrash'> }): Promise<TrashSite[] | string> {
  const reply = await settle(backend.readTrash(null));
  return reply.ok ? reply.value : reply.error.message;
}
