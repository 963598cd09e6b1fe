/** PLACEHOLDER on main while issue 43's worker branch is written: replaced by it before anything lands. */
import { ApiError } from '../grist/api-error.ts';
import type { AccessList } from '../../shared/sharing.ts';
import type { LoggedChange } from '../../shared/messages.ts';

export function readAccess(): Promise<AccessList> {
  return Promise.reject(new ApiError('invalid-input', 'not built yet'));
}

export function changeAccess(): Promise<LoggedChange> {
  return Promise.reject(new ApiError('invalid-input', 'not built yet'));
}
