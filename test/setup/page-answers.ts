/**
 * A document's pages as the fake Grist server answers them, in Grist's shapes (docs/grist-api.md
 * "Pages of a document"), given as injected answers: the worker's pages tests set what Grist has.
 */
import { PAGES_QUERY } from '../../src/background/grist/document-pages.ts';
import type { PageEntry } from '../../src/shared/protocol/pages.ts';
import type { FakeGrist } from '../fake-grist/server.ts';
import { grist } from './worker-grist.ts';

const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body), contentType: 'application/json; charset=utf-8' });

/** From now on (or `times` times), Grist (`server`: worker-grist's by default) answers document `docId`'s sql read of its pages with `pages`, in that order (after `delayMs`). */
export function answerPages(docId: string, pages: readonly PageEntry[], { times, delayMs, server = grist }: { times?: number; delayMs?: number; server?: FakeGrist } = {}): void {
  const records = pages.map((page, index) => ({ fields: { id: index + 1, viewRef: page.viewRef, indentation: page.indentation, pagePos: index + 1, name: page.name } }));
  server.injectFault({ path: `/api/docs/${docId}/sql`, ...json(200, { statement: PAGES_QUERY, records }), ...(times !== undefined && { times }), ...(delayMs !== undefined && { delayMs }) });
}

/** Grist's refusal by access rules of document `docId`'s sql read and of its metadata tables. */
export function refuseAllPages(docId: string): void {
  grist.injectFault({ path: new RegExp(`/api/docs/${docId}/(sql|tables/_grist_(Pages|Views)/records)$`), ...json(403, { error: 'access denied' }) });
}

/** The sql reads of document `docId`'s pages the server received. */
export const pageReads = (docId: string) => grist.requests.filter((request) => request.path.split('?')[0]!.endsWith(`/api/docs/${docId}/sql`)).length;
