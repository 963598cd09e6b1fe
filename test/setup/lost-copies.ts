/**
 * Copies whose answer does not say whether Grist made them, as the read-back tests of
 * changes/created-document.ts make them against the fake Grist server of worker-grist.ts: Roadmap
 * 2026 (Acme Corp) copied to Globex's Projects.
 */
import { expect } from 'vitest';
import type { copyDocument } from '../../src/background/changes/kinds/copy.ts';
import { DOCS, ORGS, WORKSPACES } from '../fake-grist/sample-data.ts';
import { documentsNamed } from './stored-documents.ts';
import { grist, whenRequested } from './worker-grist.ts';

const { projects } = WORKSPACES;
/** The copy's name. */
export const NAME = 'Roadmap for Globex';
/** The popup's request for the copy. */
export const toProjects = { orgId: ORGS.acme.id, docId: DOCS.roadmap.id, to: { orgId: ORGS.globex.id, workspaceId: projects.id }, name: NAME, asTemplate: false };
/** What the worker says of a copy named `name` it cannot tell was made. */
export const unknownWords = (name = NAME) => `Grist’s answer did not say whether “${name}” was copied. Check Globex Inc › Projects.`;
export const COPIES = /\/copy$/;
/** The copy requests the server received. */
export const copyPosts = () => grist.requests.filter((request) => request.method === 'POST' && COPIES.test(request.path));

/** Ids of the fake's documents of `workspaceId` (Projects by default) called `name`. */
export const named = (name: string, workspaceId = projects.id): string[] => documentsNamed(grist, workspaceId, name);

/**
 * Asks `copy` (copyDocument, or a fresh module's) for `request`, whose POST Grist answers after a
 * while with a proxy's 502, having made the copy (`made`) or not, and whose read-back then fails
 * (every attempt dropped): the worker says it cannot tell.
 */
export async function unknownCopy(copy: typeof copyDocument, made: boolean, request: Parameters<typeof copyDocument>[0] = toProjects): Promise<void> {
  grist.injectFault({ method: 'POST', path: COPIES, delayMs: 200, ...(made ? { statusAfterWork: 502 } : { status: 502 }), times: 1 });
  const copying = copy(request);
  // Its first read of the destination went before the POST; the read-back after it fails.
  await whenRequested('POST', COPIES);
  grist.injectFault({ method: 'GET', path: `/api/workspaces/${projects.id}`, drop: true, times: 3 });
  await expect(copying).rejects.toMatchObject({ kind: 'network', message: unknownWords(request.name) });
}
