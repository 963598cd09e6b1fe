/**
 * sharing/own-email.ts: whose key reads and changes access, asked of Grist when no connection check
 * said, and recorded against the key it was asked with only.
 */
import { describe, expect, it } from 'vitest';
import { readKeyedAccounts } from '../../../../src/background/grist/grist-connection.ts';
import { findAccessOwner } from '../../../../src/background/sharing/access-api.ts';
import { ownEmailOf } from '../../../../src/background/sharing/own-email.ts';
import { USERS } from '../../../fake-grist/sample-data.ts';
import { ACCOUNT_1 } from '../../../setup/saved-key.ts';
import { acmeAt } from '../../../setup/access-resources.ts';
import { configure, grist, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist({ listed: true });

describe('ownEmailOf', () => {
  it('asks Grist with the key it records against: a key saved after the owner was chosen is not given the previous user', async () => {
    // The owner (and its client, with Olivia's key) is chosen; then Ed's key is saved for the same account.
    const owner = await findAccessOwner(acmeAt());
    expect(owner.ownEmail).toBeNull();
    await configure(USERS.editor.apiKey);
    grist.clearRequests();
    const email = await ownEmailOf(owner);
    const [keyed] = await readKeyedAccounts();
    expect(keyed!.account.id).toBe(ACCOUNT_1);
    expect(keyed!.apiKey).toBe(USERS.editor.apiKey);
    // What is recorded against Ed's key is Ed, asked with Ed's key.
    expect(keyed!.account.user).toEqual({ name: USERS.editor.name, email: USERS.editor.email });
    expect(email).toBe(USERS.editor.email);
    expect(grist.requests.filter(({ path }) => path.endsWith('/api/profile/user')).map(({ apiKey }) => apiKey)).toEqual([USERS.editor.apiKey]);
  });

  it('answers the email a connection check recorded without asking Grist', async () => {
    const owner = await findAccessOwner(acmeAt());
    grist.clearRequests();
    expect(await ownEmailOf({ ...owner, ownEmail: USERS.owner.email })).toBe(USERS.owner.email);
    expect(grist.requests).toEqual([]);
  });
});
