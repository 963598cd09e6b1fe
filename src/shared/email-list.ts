/**
 * The emails a user types to share with (one or many, as people paste lists), checked before
 * anything is sent: Grist refuses a whole access change for one bad email (400 "Invalid email
 * address included") and its own owner's email (400 "cannot update own permissions"), and older
 * servers stored a bad one and broke the page (grist-core issue 2007; ../shared/grist-api.md, "Access").
 */

/**
 * Grist's own rule, `EMAIL_RE` and `isEmail` in grist-core `app/common/gutil.ts` (read at commit
 * 048c8ee1651e2d8b78b118fe74a17fe34740675f): the email, lower-cased, must match this. Where the
 * server calls it for an access change was not read; its 400 for `""` and `"not an email"` was
 * seen on a real server (grist-api.md).
 */
const GRIST_EMAIL = /^\w[\w%+/='-]*(\.[\w%+/='-]+)*@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,6}$/u;

/** What people put between emails in a pasted list: commas, semicolons, spaces, tabs, new lines. */
const SEPARATORS = /[\s,;]+/u;

/** One email as typed (for display) and its key (lower-cased: Grist matches emails without regard to case). */
export interface TypedEmail {
  typed: string;
  key: string;
}

/** Why an email is refused: not an email by Grist's rule, or the user's own (Grist refuses it). */
export type EmailProblemReason = 'invalid' | 'own';

/** One refused email, as typed. */
export interface EmailProblem {
  typed: string;
  reason: EmailProblemReason;
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
 * In: the text typed or pasted, and the email of the account the change is sent with. Out: each
 * email once (the first spelling typed kept for display), in the order typed; or, if any is not an
 * email or is the user's own, every such one once with its reason, and no emails.
 */
export function checkEmailList(text: string, ownEmail: string): EmailListCheck {
  const ownKey = ownEmail.trim().toLowerCase();
  const emails = new Map<string, TypedEmail>();
  const problems = new Map<string, EmailProblem>();
  for (const typed of text.split(SEPARATORS)) {
    const key = typed.toLowerCase();
    if (typed === '' || emails.has(key) || problems.has(key)) continue;
    if (key === ownKey) problems.set(key, { typed, reason: 'own' });
    else if (!isGristEmail(typed)) problems.set(key, { typed, reason: 'invalid' });
    else emails.set(key, { typed, key });
  }
  if (problems.size > 0) return { kind: 'refused', problems: [...problems.values()] };
  if (emails.size === 0) return { kind: 'empty' };
  return { kind: 'emails', emails: [...emails.values()] };
}
