/**
 * getgrist.com addressing with the production manifest: the fake Grist server speaks https on
 * 127.0.0.1 and Chromium maps `docs.getgrist.com` and every `<team>.getgrist.com` to it, so the
 * extension runs with its default personal site URL and nothing leaves the machine.
 */
import { describe, expect, it } from 'vitest';
import { DOCS, USERS } from '../fake-grist/sample-data.ts';
import { makeSelfSignedCert } from '../fake-grist/tls.ts';
import { useGristAndExtension } from './fixtures.ts';
import { headings, openPopup, saveOptions } from './user-actions.ts';

const setup = useGristAndExtension(
  async () => ({ mode: 'per-team', baseDomain: 'getgrist.com', tls: await makeSelfSignedCert() }),
  (grist) => [`--host-resolver-rules=MAP *.getgrist.com 127.0.0.1:${grist.port}`, '--ignore-certificate-errors'],
);

describe('on getgrist.com', () => {
  it('keeps the default personal site, lists each team at its own host and renames there', async () => {
    const { grist, extension } = setup;
    // Only the key: the personal site URL stays at its default, https://docs.getgrist.com.
    await saveOptions(extension, { apiKey: USERS.owner.apiKey });
    const popup = await openPopup(extension);
    expect(await headings(popup, 2)).toEqual(['Personal', 'Acme Corp', 'Globex Inc']);
    expect(await popup.getByRole('link', { name: 'Open Project Alpha' }).getAttribute('href')).toBe(
      `https://globex.getgrist.com/doc/${DOCS.projectAlpha.urlId}`,
    );
    const listed = grist.requests.filter((request) => request.path === '/api/orgs/current/workspaces').map((r) => r.host);
    expect(listed.sort()).toEqual(['acme.getgrist.com', 'docs.getgrist.com', 'globex.getgrist.com']);

    await popup.getByRole('button', { name: 'Rename Roadmap 2026' }).click();
    await popup.getByRole('textbox', { name: 'New name for Roadmap 2026' }).fill('Roadmap 2027');
    await popup.keyboard.press('Enter');
    await expect.poll(() => grist.doc(DOCS.roadmap.id)?.name).toBe('Roadmap 2027');
    const patch = grist.requests.find((request) => request.method === 'PATCH');
    expect(patch).toMatchObject({ host: 'acme.getgrist.com', path: `/api/docs/${DOCS.roadmap.id}`, origin: undefined });
    await popup.getByRole('link', { name: 'Open Roadmap 2027' }).waitFor();
  });
});
