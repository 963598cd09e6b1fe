/**
 * The shape of an access change (AccessDelta, sharing.ts) as checked where one comes from outside
 * the worker's own code: a page's `changeAccess` request, and the change log read back from
 * storage. Emails are only strings here: the handler checks them with Grist's rule (email-list.ts)
 * and says which one is wrong.
 */
import * as v from 'valibot';
import type { AccessDelta } from './sharing.ts';

const role = v.picklist(['owners', 'editors', 'viewers'] as const);

/** One AccessDelta: `users` (email to a role, or null to remove) and `maxInheritedRole`, each optional. */
export const accessDeltaSchema: v.GenericSchema<unknown, AccessDelta> = v.object({
  users: v.optional(v.record(v.string(), v.nullable(v.picklist(['owners', 'editors', 'viewers', 'members'] as const)))),
  maxInheritedRole: v.optional(v.nullable(role)),
});
