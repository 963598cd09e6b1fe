/**
 * One site that never answers (a self-hosted server behind a VPN that is off, say) holds back
 * only itself: the popup's first open, with no cache, shows every other site within 2 s, and the
 * silent one says it is waited for. Issue 11, finding 8.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS } from '../fake-grist/sample-data.ts';
import { useGristAndExtension } from './fixtures.ts';
import { POPUP_PAGE, saveOptions } from './user-actions.ts';

const setup = useGristAndExtension(() => ({ mode: 'org-in-path' }));

/** A server on its own port that takes connections and never answers a byte. */
let silent: Server;
const sockets = new Set<Socket>();
let silentPort: number;

beforeAll(async () => {
  silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as { port: number }).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe('a site that never answers', () => {
  it('the other sites show within 2 s of opening the popup; the silent one says it is waited for', async () => {
    const { grist, extension } = setup;
    // Globex is configured on the silent server: Grist lists it, its workspaces never come.
    await saveOptions(extension, {
      apiKey: USERS.owner.apiKey,
      personalSiteUrl: `${grist.url}/o/docs`,
      teamSiteUrls: [`http://127.0.0.1:${silentPort}/o/globex`],
    });
    const opened = Date.now();
    const popup = await extension.openPage(POPUP_PAGE);
    const section = (name: string) => popup.getByRole('region', { name });
    await section('Personal').getByRole('link', { name: 'Open Reading List' }).waitFor({ timeout: 2000 });
    await section('Acme Corp').getByRole('link', { name: 'Open Roadmap 2026' }).waitFor({ timeout: Math.max(1, 2000 - (Date.now() - opened)) });
    const shownAfter = Date.now() - opened;
    expect(shownAfter).toBeLessThan(2000);
    await section('Globex Inc').getByText('Waiting for Globex Inc…').waitFor();
    await expect.poll(() => popup.getByRole('status').textContent()).toContain('Refreshing… 2 of 3 sites answered.');
    expect(sockets.size).toBeGreaterThan(0); // the request did go out, and is still waiting
    await popup.close();
  });
});
