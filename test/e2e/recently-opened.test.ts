/**
 * Recently opened in Chromium against the fake Grist server (issue 52): a document opened from the
 * popup's link is noted by the worker, and the next popup shows it first, under "Recently opened".
 */
import { describe, expect, it } from 'vitest';
import { DOCS } from '../fake-grist/sample-data.ts';
import { useGristAndExtension } from './fixtures.ts';
import { openConnectedPopup, openPopup } from './user-actions.ts';

const setup = useGristAndExtension(() => ({ mode: 'org-in-path' }));

describe('Recently opened', () => {
  it('a document opened from the popup comes first in the next popup', async () => {
    const { extension } = setup;
    const popup = await openConnectedPopup(setup);
    expect(await popup.getByRole('heading', { name: 'Recently opened' }).count()).toBe(0);
    const opened = extension.context.waitForEvent('page');
    await popup.getByRole('link', { name: `Open ${DOCS.bugTracker.name}`, exact: true }).click();
    await (await opened).close();
    await expect
      .poll(() => extension.worker.evaluate(async () => Object.keys(((await chrome.storage.local.get('opened')) as { opened?: Record<string, unknown> }).opened ?? {})))
      .toEqual([expect.stringMatching(new RegExp(` ${DOCS.bugTracker.id}$`))]);
    await popup.close();

    const next = await openPopup(extension);
    await next.getByRole('heading', { name: 'Recently opened' }).waitFor();
    expect(await next.locator('a.document-link').first().getAttribute('aria-label')).toBe(`Open ${DOCS.bugTracker.name}`);
    await next.close();
  });
});
