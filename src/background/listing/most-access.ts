/**
 * Which account acts on a document or workspace that several accounts list (two users of one
 * server): the one with the most access. Beside the listing, as both the changes (listed-documents.ts)
 * and the access checks (sharing/access-owner-index.ts) choose so.
 */

/** An access as mostAccess ranks it: owners first, then editors, then any other. */
const rank = (access: string | null | undefined) => (access === 'owners' ? 0 : access === 'editors' ? 1 : 2);

/**
 * Of the same document or workspace listed by several accounts (two users of one server), the one
 * with the most access: owners, else editors (who may pin, and add documents), else the first, in
 * the options' order (the listing's). Its account makes the change.
 */
export function mostAccess<T>(copies: readonly T[], access: (copy: T) => string | null | undefined): T | null {
  let best: T | null = null;
  for (const copy of copies) if (best === null || rank(access(copy)) < rank(access(best))) best = copy;
  return best;
}
