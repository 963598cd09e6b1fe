/**
 * Sites named so two never read the same (issue 49), in Chromium against the fake Grist server:
 * Ed Editor shares a document of his personal site with Olivia. Grist lists Ed's personal site to
 * her, named "Personal" as hers is, with `owner` Ed, and its workspaces at `/o/docs` with hers (the
 * merged personal site). Her popup lists the document once, under "Ed Editor’s Personal"; a rename
 * of it is in the History at that place, and the document window says where it is by that name.
 */
import { describe, expect, it } from 'vitest';
import { DOCS, sampleSeed, USERS } from '../fake-grist/sample-data.ts';
import { useGristAndExtension } from './fixtures.ts';
import { chooseInTitleMenu, openConnectedPopup, openDocumentWindow } from './user-actions.ts';

const { owner, editor } = USERS;
const { editorNotes } = DOCS;
const EDS = `${editor.name}’s Personal`;

/** The sample seed, with Ed's "Ed Notes" given to Olivia as owner. */
const seed = { ...sampleSeed, docs: sampleSeed.docs.map((doc) => (doc.id === editorNotes.id ? { ...doc, shares: { [owner.id]: 'owners' as const } } : doc)) };

const setup = useGristAndExtension(() => ({ mode: 'org-in-path', seed }));

describe('another person’s personal site', () => {
  it('lists the document shared from it once, under "<owner>’s Personal"; a rename of it is in the History at that place', async () => {
    const popup = await openConnectedPopup(setup);
    const site = (name: string) => popup.locator('section.site').and(popup.getByRole('region', { name, exact: true }));
    await site(EDS).getByText(editorNotes.name, { exact: true }).waitFor();
    expect(await site('Personal').getByText(editorNotes.name, { exact: true }).count()).toBe(0);
    expect(await popup.getByText(editorNotes.name, { exact: true }).count()).toBe(1);

    await popup.getByRole('button', { name: `Rename ${editorNotes.name}`, exact: true }).click();
    await popup.getByRole('textbox', { name: `New name for ${editorNotes.name}` }).fill('Ed’s notes, read');
    await popup.getByRole('textbox', { name: `New name for ${editorNotes.name}` }).press('Enter');
    await popup.getByRole('status').getByText('Renamed “', { exact: false }).waitFor();
    await expect.poll(() => setup.grist.doc(editorNotes.id)?.name).toBe('Ed’s notes, read');

    await chooseInTitleMenu(popup, 'History');
    const entry = popup.getByRole('list', { name: 'History', exact: true }).getByRole('listitem').first();
    expect(await entry.textContent()).toContain(`${EDS} › Home`);
    await popup.close();
  });

  it('the document window says where the document is by that name', async () => {
    const documentWindow = await openDocumentWindow(setup.extension, `${setup.grist.url}/o/docs-${editor.id}/doc/${editorNotes.urlId}`);
    await documentWindow.getByText(`In ${EDS} › Home`, { exact: true }).waitFor();
    await documentWindow.close();
  });
});
