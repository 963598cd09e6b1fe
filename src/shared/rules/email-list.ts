/**
 * The emails a user types to share with (one or many, as people paste lists), checked before
 * anything is sent, and the one rule for who an access change may name as a person (emailProblem:
 * the pages check it before sending, the worker again before it sends). Grist refuses a whole
 * access change for one bad email (400 "Invalid email address included") and its own owner's email
 * (400 "cannot update own permissions"), and older servers stored a bad one and broke the page
 * (grist-core issue 2007; docs/grist-api.md, "Access"). Grist takes `everyone@getgrist.com`
 * as the public link (docs/grist-api.md "Public link": with Editor, anyone with the link can edit), and
 * the user's other saved accounts as anyone else: neither is a person to share with here.
 */
import { PUBLIC_EMAIL, sameEmail, type SavedUser } from '../protocol/sharing.ts';

/**
 * Grist's own rule, `EMAIL_RE` and `isEmail` in grist-core `app/common/gutil.ts` (read at commit
 * 048c8ee1651e2d8b78b118fe74a17fe34740675f): the email, lower-cased, must match this. Where the
 * server calls it for an access change was not read; its 400 for `""` and `"not an email"` was
 * seen on a real server (docs/grist-api.md "Refused").
 */
const GRIST_EMAIL = /^\w[\w%+/='-]*(\.[\w%+/='-]+)*@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,6}$/u;

/** What people put between emails in a pasted list: commas, semicolons, spaces, tabs, new lines. */
const SEPARATORS = /[\s,;]+/u;

/** One email as typed (for display) and its key (lower-cased: Grist matches emails without regard to case). */
export interface TypedEmail {
  typed: string;
  key: string;
}

/**
 * Why an email is refused: not an email by Grist's rule; the user's own, of the account the change
 * is sent with (Grist refuses it); the user of another saved account (the user's own too: changed in
 * Grist itself, never demoted or removed from here by mistake); or the public link's special user.
 */
export type EmailProblemReason = 'invalid' | 'own' | 'saved' | 'public';

/** One refused email, as typed. */
export interface EmailProblem {
  typed: string;
  reason: EmailProblemReason;
  /** For `saved`: the account's place in the options, from 1 (its legend: Account 2). */
  account?: number;
}

/** The user's own emails, which no access change may name. */
export interface OwnEmails {
  /** The users of the accounts the change is sent with (Grist refuses them); none when not known yet (the worker asks Grist then). */
  sending: readonly string[];
  /** The user of each saved account a connection check named, the sending ones' too. */
  saved: readonly SavedUser[];
}

/** In: the saved accounts, in the options' order. Out: the user of each a connection check named, with its place (from 1). */
export function savedUsersOf(accounts: ReadonlyArray<{ user: { email: string } | null }>): SavedUser[] {
  return accounts.flatMap((account, index) => (account.user ? [{ email: account.user.email, number: index + 1 }] : []));
}

/**
 * The outcome: the emails to send, nothing typed, or a refusal naming every refused email (a list
 * with one of them sends nothing).
 */
export type EmailListCheck =
  | { kind: 'emails'; emails: TypedEmail[] }
  | { kind: 'empty' }
  | { kind: 'refused'; problems: EmailProblem[] };

/** In: one email, trimmed. Out: whether Grist accepts it (its `isEmail`: tested lower-cased). */
export function isGristEmail(email: string): boolean {
  return GRIST_EMAIL.test(email.toLowerCase());
}

/**
 * The one rule for an email an access change names as a person, the pages' and the worker's. In:
 * one email (trimmed) and the user's own. Out: why it may not be named (the public link's special
 * user first, whatever else it is; then the sending account's user; then another saved account's;
 * then Grist's rule for emails, matched without regard to case), or null when it may.
 */
export function emailProblem(email: string, own: OwnEmails): Omit<EmailProblem, 'typed'> | null {
  if (sameEmail(email, PUBLIC_EMAIL)) return { reason: 'public' };
  if (own.sending.some((each) => sameEmail(each, email))) return { reason: 'own' };
  const saved = own.saved.find((user) => sameEmail(user.email, email));
  if (saved) return { reason: 'saved', account: saved.number };
  return isGristEmail(email) ? null : { reason: 'invalid' };
}

/**
 * In: the text typed or pasted, and the user's own emails. Out: each email once (the first
 * spelling typed kept for display), in the order typed; or, if emailProblem refuses any, every
 * such one once with its reason, and no emails.
 */
export function checkEmailList(text: string, own: OwnEmails): EmailListCheck {
  const emails = new Map<string, TypedEmail>();
  const problems = new Map<string, EmailProblem>();
  for (const typed of text.split(SEPARATORS)) {
    const key = typed.toLowerCase();
    if (typed === '' || emails.has(key) || problems.has(key)) continue;
    const problem = emailProblem(typed, own);
    if (problem) problems.set(key, { typed, ...problem });
    else emails.set(key, { typed, key });
  }
  if (problems.size > 0) return { kind: 'refused', problems: [...problems.values()] };
  if (emails.size === 0) return { kind: 'empty' };
  return { kind: 'emails', emails: [...emails.values()] };
}
