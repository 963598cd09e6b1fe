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

  it('a link to www., community. or support.getgrist.com, or a team not listed, sends nothing (issue 11, finding 2)', async () => {
    const { grist, extension } = setup;
    await saveOptions(extension, { apiKey: USERS.owner.apiKey });
    await openPopup(extension); // Grist lists acme and globex for this key
    grist.clearRequests();
    for (const host of ['www.getgrist.com', 'community.getgrist.com', 'support.getgrist.com', 'initech.getgrist.com']) {
      const linkUrl = `https://${host}/${DOCS.roadmap.urlId}/Roadmap-2026`;
      const documentWindow = extension.context.waitForEvent('page');
      await extension.worker.evaluate(
        (url) => (globalThis as unknown as LinkTrigger).gristQuickRenameTriggers.onMenuClicked({ menuItemId: 'open-linked-document', linkUrl: url }),
        linkUrl,
      );
      const page = await documentWindow;
      await page.getByText('which none of your Grist accounts has', { exact: false }).waitFor();
      await page.close();
    }
    expect(grist.requests).toEqual([]);
    // A listed team's link is looked up there, with the key.
    const documentWindow = extension.context.waitForEvent('page');
    await extension.worker.evaluate(
      (url) => (globalThis as unknown as LinkTrigger).gristQuickRenameTriggers.onMenuClicked({ menuItemId: 'open-linked-document', linkUrl: url }),
      `https://acme.getgrist.com/${DOCS.roadmap.urlId}/Roadmap-2026`,
    );
    const page = await documentWindow;
    await page.getByRole('textbox', { name: 'New name' }).waitFor();
    expect(grist.requests.map((request) => [request.host, request.hasAuthorization])).toEqual([['acme.getgrist.com', true]]);
    await page.close();
  });
});

/** The worker's test hook for the context menu (see src/background/index.ts). */
interface LinkTrigger {
  gristQuickRenameTriggers: { onMenuClicked(info: { menuItemId: string; linkUrl: string }): Promise<void> };
}
