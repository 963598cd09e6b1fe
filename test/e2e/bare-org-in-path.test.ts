/**
 * A self-hosted org-in-path server whose bare host was pasted as the personal site: the bare host
 * selects no org (Grist answers 400 "No organization chosen"), so every site, the personal one
 * included, must be addressed as /o/<domain>.
 */
import { expect, it } from 'vitest';
import { USERS } from '../fake-grist/sample-data.ts';
import { useGristAndExtension } from './fixtures.ts';
import { headings, openPopup, saveOptions } from './user-actions.ts';

const setup = useGristAndExtension(() => ({ mode: 'org-in-path' }));

it('lists every site under /o/<domain> with no site in error', async () => {
  const { grist, extension } = setup;
  await saveOptions(extension, { apiKey: USERS.owner.apiKey, personalSiteUrl: grist.url });
  const popup = await openPopup(extension);
  expect(await headings(popup, 2)).toEqual(['Personal', 'Acme Corp', 'Globex Inc']);
  await popup.getByRole('link', { name: 'Open Personal Budget' }).waitFor();
  const listed = grist.requests.filter((request) => request.path.endsWith('/workspaces')).map((r) => r.path);
  expect(listed.sort()).toEqual(['/o/acme/api/orgs/current/workspaces', '/o/docs-5/api/orgs/current/workspaces', '/o/globex/api/orgs/current/workspaces']);
});
