/**
 * The resources of the sample data as the access messages name them (AccessResource), on the fake
 * Grist of the test under way (worker-grist.ts): Acme's documents, its Engineering workspace, and
 * Acme itself.
 */
import type { AccessResource } from '../../src/shared/protocol/sharing.ts';
import { DOCS, ORGS, WORKSPACES } from '../fake-grist/sample-data.ts';
import { grist } from './worker-grist.ts';

/** Acme's site address on the test's server. */
export const acmeUrl = () => `${grist.url}/o/acme`;
/** Document `docId` of Acme. */
export const documentAt = (docId: string): AccessResource => ({ kind: 'document', orgId: ORGS.acme.id, siteUrl: acmeUrl(), docId });
/** Acme's Roadmap 2026. */
export const roadmapAt = () => documentAt(DOCS.roadmap.id);
/** Acme's Engineering workspace. */
export const engineeringAt = (): AccessResource => ({ kind: 'workspace', orgId: ORGS.acme.id, siteUrl: acmeUrl(), workspaceId: WORKSPACES.engineering.id });
/** The Acme site. */
export const acmeAt = (): AccessResource => ({ kind: 'site', orgId: ORGS.acme.id, siteUrl: acmeUrl() });
