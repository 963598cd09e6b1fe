/**
 * Moving a page's document from the document window (issue 18): Move to… opens the destination
 * picker under the name field; a workspace of another site asks once, then the document moves
 * there, in the fake Grist server and in the popup's listing. The window stays open, and a rename
 * in the same visit reaches the document on its new site (the page's old address no longer does).
 */
import { describe, expect, it } from 'vitest';
import { DOCS, ORGS, USERS, WORKSPACES } from '../fake-grist/sample-data.ts';
import { expectNoViolations } from './axe.ts';
import { useGristAndExtension } from './fixtures.ts';
import { openPopup, openDocumentWindow, saveOptions, screenshotSchemes } from './user-actions.ts';

const setup = useGristAndExtension(() => ({ mode: 'org-in-path' }));

describe('Move to… in the document window', () => {
  it('moves the page’s document to a workspace of another site, confirmed once; the popup then lists it there', async () => {
    await saveOptions(setup.extension, { apiKey: USERS.owner.apiKey, personalSiteUrl: `${setup.grist.url}/o/docs` });
    // The worker checks a move against its cached listing, and the window reads it for the picker.
    await (await openPopup(setup.extension)).close();

    const documentWindow = await openDocumentWindow(setup.extension, `${setup.grist.url}/o/acme/${DOCS.bugTracker.urlId}/Bug-Tracker`);
    await documentWindow.getByText('In Acme Corp › Engineering').waitFor();
    await documentWindow.getByRole('button', { name: 'Move to…' }).click();
    const list = documentWindow.getByRole('listbox', { name: 'Destination for Bug Tracker' });
    await list.waitFor();
    // Every workspace of the server the owner may add to, in the listing's order, but its own (Engineering).
    expect(await list.getByRole('option').evaluateAll((options) => options.map((option) => option.getAttribute('aria-label')))).toEqual([
      'Home — Personal',
      'Home — Acme Corp',
      'Marketing — Acme Corp',
      'Home — Globex Inc',
      'Projects — Globex Inc',
    ]);
    await expectNoViolations(documentWindow);
    // The window with the picker open, light and dark (docs/ with UPDATE_SCREENSHOTS=1), at the
    // window's inside (440 × 420 px with its title bar, document-window/triggers.ts): headless Chromium
    // draws popup windows at its default size.
    await screenshotSchemes(documentWindow, 'document-window-move', { width: 440, height: 390 });

    // Keyboard only: the filter has focus; Enter chooses the first workspace it leaves.
    const filter = documentWindow.getByRole('combobox', { name: 'Filter workspaces' });
    await filter.fill('projects');
    await filter.press('Enter');
    await documentWindow.getByText('Moving to Globex Inc gives “\u2068Bug Tracker\u2069” a new address').waitFor();
    expect(setup.grist.requests.filter((request) => request.method === 'PATCH')).toEqual([]);
    await documentWindow.getByRole('button', { name: 'Move anyway' }).click();

    await documentWindow.getByRole('status').getByText('Moved “\u2068Bug Tracker\u2069” to Globex Inc › Projects.').waitFor();
    // (a) Grist (the fake) stores it in Globex's Projects workspace, reached by its id from now on.
    expect(setup.grist.doc(DOCS.bugTracker.id)).toMatchObject({ workspaceId: WORKSPACES.projects.id, urlId: null });
    expect(setup.grist.workspace(WORKSPACES.projects.id)?.orgId).toBe(ORGS.globex.id);
    expect(await documentWindow.getByText('In Globex Inc › Projects').count()).toBe(1);
    expect(await documentWindow.getByRole('button', { name: 'Undo move of Bug Tracker' }).count()).toBe(1);
    expect(await documentWindow.evaluate(() => document.activeElement?.textContent)).toBe('Move to…');

    // The window stays open: the name changes in the same visit, through the document's new site.
    const field = documentWindow.getByRole('textbox', { name: 'New name' });
    await field.fill('Bug Tracker 2027');
    await field.press('Enter');
    await documentWindow.getByRole('status').getByText('Renamed to “Bug Tracker 2027”.').waitFor();
    expect(setup.grist.doc(DOCS.bugTracker.id)?.name).toBe('Bug Tracker 2027');
    expect(setup.grist.requests.filter((request) => request.method === 'PATCH').map((request) => request.path)).toEqual([
      `/o/acme/api/docs/${DOCS.bugTracker.id}/move`,
      `/o/globex/api/docs/${DOCS.bugTracker.id}`,
    ]);
    await documentWindow.close();

    // (b) The popup opened afterwards lists it under its new site, and no longer under the old one.
    const popup = await openPopup(setup.extension);
    await popup.getByRole('region', { name: 'Globex Inc' }).getByRole('link', { name: 'Open Bug Tracker 2027' }).waitFor();
    expect(await popup.getByRole('region', { name: 'Acme Corp' }).getByRole('link', { name: /^Open Bug Tracker/ }).count()).toBe(0);
    await popup.close();
  });
});
