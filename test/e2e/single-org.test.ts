/**
 * A single-org server (GRIST_SINGLE_ORG): the user pastes the bare host, the extension learns from
 * the server which site it serves, lists that site there and renames in it.
 */
import { expect, it } from 'vitest';
import { DOCS, USERS } from '../fake-grist/sample-data.ts';
import { useGristAndExtension } from './fixtures.ts';
import { headings, openPopup, saveOptions } from './user-actions.ts';

const setup = useGristAndExtension(() => ({ mode: 'single-org', singleOrgDomain: 'acme' }));

it('lists the one site at the bare host and renames there', async () => {
  const { grist, extension } = setup;
  await saveOptions(extension, { apiKey: USERS.owner.apiKey, personalSiteUrl: grist.url });
  const popup = await openPopup(extension);
  expect(await headings(popup, 2)).toEqual(['Acme Corp']);
  expect(await popup.getByRole('link', { name: 'Open Bug Tracker' }).getAttribute('href')).toBe(`${grist.url}/doc/${DOCS.bugTracker.urlId}`);
  await popup.getByRole('button', { name: 'Rename Bug Tracker' }).click();
  await popup.getByRole('textbox', { name: 'New name for Bug Tracker' }).fill('Issues');
  await popup.keyboard.press('Enter');
  await expect.poll(() => grist.doc(DOCS.bugTracker.id)?.name).toBe('Issues');
  expect(grist.requests.find((request) => request.method === 'PATCH')?.path).toBe(`/api/docs/${DOCS.bugTracker.id}`);
});
