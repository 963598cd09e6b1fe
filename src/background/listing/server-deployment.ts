/**
 * The deployment style a personal site URL stands for (site-resolution.ts): read off the URL where
 * it says, otherwise asked of the bare host's server, once.
 */
import { ApiError } from '../grist/api-error.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { currentOrgSchema } from '../grist/grist-schemas.ts';
import { settleDeployment, type Deployment, type DeploymentGuess } from './site-resolution.ts';

/** Asks a bare host which org it serves; Grist's 400 "No organization chosen" means org-in-path. */
async function currentOrgId(client: GristClient, root: string): Promise<number | null> {
  try {
    return (await client.get(root, '/api/orgs/current', currentOrgSchema)).id;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return null;
    throw error;
  }
}

/**
 * Bare hosts' deployments as their servers settled them, by root: a server does not change from
 * org-in-path to single-org between two refreshes, and on an org-in-path server the question,
 * `GET {root}/api/orgs/current`, can only fail (400 "No organization chosen", docs/grist-api.md "Sites and their addresses").
 */
const settledBareHosts = new Map<string, Deployment>();

/**
 * The deployment the personal site URL's `guess` stands for: as guessed, or for a bare host as its
 * server said, asked once for as long as the worker runs (see settledBareHosts). Throws what the
 * question met, other than the 400 that answers it.
 */
export async function deploymentOf(client: GristClient, guess: DeploymentGuess): Promise<Deployment> {
  if (guess.style !== 'ask-server') return guess;
  let settled = settledBareHosts.get(guess.root);
  if (!settled) {
    settled = settleDeployment(guess, await currentOrgId(client, guess.root));
    settledBareHosts.set(guess.root, settled);
  }
  return settled;
}
