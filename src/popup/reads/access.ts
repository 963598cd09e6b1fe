/**
 * The Share panel's read: who has access to a document, workspace or site (its changes:
 * changes/kinds/share.ts).
 */
import type { Backend } from '../../page-shared/backend-client.ts';
import { settle, type Result } from '../../shared/protocol/errors.ts';
import type { AccessList, AccessResource } from '../../shared/protocol/sharing.ts';

/** Reads who has access to `resource` (one request, through the worker). Out: the list, or why not. */
export function readAccess({ backend }: { backend: Pick<Backend, 'readAccess'> }, resource: AccessResource): Promise<Result<AccessList>> {
  return settle(backend.readAccess(resource));
}
