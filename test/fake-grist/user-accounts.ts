/**
 * The fake Grist's user accounts and their API keys, looked up by id, email or key. Holds the seed's
 * users it is given (callers copy the seed first) and the guests a share creates.
 */
import { randomBytes } from 'node:crypto';
import { EVERYONE_EMAIL } from './roles.ts';
import type { SeedUser } from './sample-data.ts';

export class UserAccounts {
  private readonly users = new Map<number, SeedUser>();
  private readonly userIdsByKey = new Map<string, number>();

  /** In: the users to hold (kept, not copied). */
  constructor(users: SeedUser[]) {
    for (const user of users) {
      this.users.set(user.id, user);
      this.userIdsByKey.set(user.apiKey, user.id);
    }
  }

  /** In: a user id. Out: the stored user, if any. */
  byId(id: number): SeedUser | undefined {
    return this.users.get(id);
  }

  /** In: an email, matched without regard to case as Grist does. Out: the stored user, if any. */
  byEmail(email: string): SeedUser | undefined {
    const wanted = email.toLowerCase();
    return [...this.users.values()].find((user) => user.email.toLowerCase() === wanted);
  }

  /**
   * Creates the account of an email not known yet, as Grist does when someone is given access
   * (docs/grist-api.md "Access", "Change"): no name (but the public link's "Everyone"), no key, a guest
   * wherever it is given something. Out: the stored user.
   */
  add(email: string): SeedUser {
    const id = Math.max(0, ...this.users.keys()) + 1;
    const name = email.toLowerCase() === EVERYONE_EMAIL ? 'Everyone' : '';
    // 22 characters, as Grist's public user references.
    const ref = randomBytes(11).toString('hex');
    const user: SeedUser = { id, name, email, ref, createdAt: new Date().toISOString(), apiKey: '' };
    this.users.set(id, user);
    return user;
  }

  /** The user whose current API key this is, if any. */
  byKey(key: string): SeedUser | undefined {
    const id = this.userIdsByKey.get(key);
    return id === undefined ? undefined : this.users.get(id);
  }

  /** Removes the user's key (Profile settings -> API -> Remove): it stops working at once. */
  revokeKey(userId: number): void {
    for (const [key, id] of this.userIdsByKey) if (id === userId) this.userIdsByKey.delete(key);
  }

  /** Creates a new key for the user, replacing the old one (docs/grist-api.md "Authentication": "Create again replaces it"). Out: the new key. */
  rotateKey(userId: number): string {
    this.revokeKey(userId);
    const key = randomBytes(20).toString('hex');
    this.userIdsByKey.set(key, userId);
    return key;
  }
}
