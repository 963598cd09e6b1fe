// @vitest-environment jsdom
/**
 * The popup's copy form: where to, the name, structure only, and what Grist answered.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, test } from 'vitest';
import { BUDGET, REPORT, setup, settle, openMenu } from './menu-setup.tsx';
import { setupPopupTests } from './popup-setup.tsx';

setupPopupTests();

describe('the copy form', () => {
  test('its name defaults to Grist’s, the template box is off; choosing a workspace marks it, and Copy copies there, saying it was a template', async () => {
    const { backend } = await setup();
    const to = { site: { orgId: 2, name: 'Acme', url: 'https://acme.getgrist.com' }, workspace: { id: 21, name: 'Ops' } };
    backend.copyDocument.mockResolvedValue({ ok: true, value: { id: 'copyDoc00000000000000', name: 'Report 2025', to, entryId: 'c1' } });
    fireEvent.click(within(await openMenu('Report')).getByRole('menuitem', { name: 'Make a copy…' }));
    await settle();
    const name = (await screen.findByRole('textbox', { name: 'Name of the copy' })) as HTMLInputElement;
    expect(name.value).toBe('Report (copy)');
    const template = screen.getByRole('checkbox', { name: 'As template (structure only, no data)' }) as HTMLInputElement;
    expect(template.checked).toBe(false);
    // Only workspaces the user may add to: its own Sales (viewers) is not one.
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('aria-label'))).toEqual(['Home — Personal', 'Ops — Acme']);
    // Its own workspace is not one it may add to: nothing is chosen yet, and Copy does nothing.
    expect(screen.getByText('Choose a workspace for the copy.')).toBeTruthy();
    const copy = screen.getByRole('button', { name: 'Copy' });
    expect(copy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(copy);
    fireEvent.input(name, { target: { value: 'Report 2025' } });
    fireEvent.click(template);
    fireEvent.click(screen.getByRole('option', { name: 'Ops — Acme' }));
    await settle();
    expect(backend.copyDocument).not.toHaveBeenCalled();
    expect(screen.getByRole('option', { name: 'Ops — Acme' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('option', { name: 'Home — Personal' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByText('The copy goes to Acme › Ops.')).toBeTruthy();
    // What is left to do has the focus.
    expect(document.activeElement).toBe(copy);
    expect(copy.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(copy);
    await settle();
    expect(backend.copyDocument).toHaveBeenCalledExactlyOnceWith({ orgId: 2, siteUrl: 'https://acme.getgrist.com', docId: REPORT.id, to: { orgId: 2, workspaceId: 21 }, name: 'Report 2025', asTemplate: true });
    const status = screen.getByRole('status');
    expect(screen.getAllByRole('link', { name: 'Open Report 2025' }).filter((link) => !status.contains(link))).toHaveLength(1);
    expect(status.textContent).toContain('Copied “\u2068Report 2025\u2069” to Acme › Ops as a template.');
    expect(within(status).getByRole('link', { name: 'Open Report 2025' }).getAttribute('href')).toBe('https://acme.getgrist.com/doc/copyDoc00000000000000');
  });

  test('once copied, the form gives the focus back to the document copied', async () => {
    const { backend } = await setup();
    const to = { site: { orgId: 2, name: 'Acme', url: 'https://acme.getgrist.com' }, workspace: { id: 21, name: 'Ops' } };
    backend.copyDocument.mockResolvedValue({ ok: true, value: { id: 'copyDoc00000000000000', name: 'Report (copy)', to, entryId: 'c1' } });
    fireEvent.click(within(await openMenu('Report')).getByRole('menuitem', { name: 'Make a copy…' }));
    await settle();
    fireEvent.click(await screen.findByRole('option', { name: 'Ops — Acme' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await settle();
    expect(screen.getByRole('status').textContent).toContain('Copied “\u2068Report (copy)\u2069” to Acme › Ops.');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Open Report'));
  });

  test('it starts on the document’s own workspace; Enter in the name field copies to the workspace chosen, once', async () => {
    const { backend } = await setup();
    const to = { site: { orgId: 1, name: 'Personal', url: 'https://docs.getgrist.com' }, workspace: { id: 10, name: 'Home' } };
    backend.copyDocument.mockResolvedValue({ ok: true, value: { id: 'copyDoc00000000000000', name: 'Budget 2', to, entryId: 'c1' } });
    fireEvent.click(within(await openMenu('Budget')).getByRole('menuitem', { name: 'Make a copy…' }));
    await settle();
    const name = await screen.findByRole('textbox', { name: 'Name of the copy' });
    expect(screen.getByRole('option', { name: 'Home — Personal' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('The copy goes to Personal › Home.')).toBeTruthy();
    // Enter in the filter chooses the option the arrow keys are on; it copies nothing.
    const filter = screen.getByRole('combobox', { name: 'Filter workspaces' });
    fireEvent.keyDown(filter, { key: 'ArrowDown' });
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(screen.getByText('The copy goes to Acme › Ops.')).toBeTruthy();
    fireEvent.keyDown(filter, { key: 'ArrowUp' });
    fireEvent.keyDown(filter, { key: 'Enter' });
    await settle();
    expect(backend.copyDocument).not.toHaveBeenCalled();
    fireEvent.input(name, { target: { value: 'Budget 2' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    await settle();
    expect(backend.copyDocument).toHaveBeenCalledExactlyOnceWith({ orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id, to: { orgId: 1, workspaceId: 10 }, name: 'Budget 2', asTemplate: false });
    expect(screen.getByRole('status').textContent).toContain('Copied “\u2068Budget 2\u2069” to Personal › Home.');
  });

  test('Cancel closes it, nothing copied, the focus back on More actions', async () => {
    const { backend } = await setup();
    fireEvent.click(within(await openMenu('Budget')).getByRole('menuitem', { name: 'Make a copy…' }));
    await settle();
    fireEvent.click(await screen.findByRole('option', { name: 'Ops — Acme' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(screen.queryByRole('textbox', { name: 'Name of the copy' })).toBeNull();
    expect(backend.copyDocument).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More actions for Budget' }));
    // Escape on its buttons too, its default prevented (Chrome would close the popup).
    fireEvent.click(within(await openMenu('Budget')).getByRole('menuitem', { name: 'Make a copy…' }));
    await settle();
    expect(fireEvent.keyDown(await screen.findByRole('button', { name: 'Copy' }), { key: 'Escape' })).toBe(false);
    await settle();
    expect(screen.queryByRole('textbox', { name: 'Name of the copy' })).toBeNull();
  });

  test('Escape in its name field closes it, and only it (its default prevented: Chrome would close the popup)', async () => {
    await setup();
    fireEvent.click(within(await openMenu('Report')).getByRole('menuitem', { name: 'Make a copy…' }));
    await settle();
    const name = await screen.findByRole('textbox', { name: 'Name of the copy' });
    // fireEvent answers false when a handler prevented the default.
    expect(fireEvent.keyDown(name, { key: 'Escape' })).toBe(false);
    await settle();
    expect(screen.queryByRole('textbox', { name: 'Name of the copy' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open Report' })).toBeTruthy();
  });

  /** The worker's answer to a copy of Budget to Ops whose answer did not say. */
  const LOST = { kind: 'network' as const, message: 'Grist’s answer did not say whether “Budget (copy)” was copied. Check Acme › Ops.' };

  /** Opens Budget's copy form, chooses Ops and presses Copy. */
  async function copyBudgetToOps(): Promise<void> {
    fireEvent.click(within(await openMenu('Budget')).getByRole('menuitem', { name: 'Make a copy…' }));
    await settle();
    fireEvent.click(await screen.findByRole('option', { name: 'Ops — Acme' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await settle();
  }

  test('a lost answer the worker could not confirm stays in the form, with Copy again', async () => {
    const { backend } = await setup();
    backend.copyDocument.mockResolvedValue({ ok: false, error: LOST });
    await copyBudgetToOps();
    expect(screen.getByRole('alert').textContent).toBe(LOST.message);
    expect(backend.copyDocument).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Copy again' }));
    await settle();
    expect(backend.copyDocument).toHaveBeenCalledTimes(2);
  });

  test('Copy again that the worker can no longer read for ends the loop: no more Copy again, and Copy asks for a plain copy', async () => {
    const { backend } = await setup();
    const gone = { kind: 'cannot-tell' as const, message: 'The extension no longer knows whether “Budget (copy)” was copied. Check Acme › Ops before you press Copy.' };
    backend.copyDocument.mockResolvedValue({ ok: false, error: gone }).mockResolvedValueOnce({ ok: false, error: LOST });
    await copyBudgetToOps();
    fireEvent.click(screen.getByRole('button', { name: 'Copy again' }));
    await settle();
    expect(backend.copyDocument).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Budget (copy)', again: true }));
    expect(screen.getByRole('alert').textContent).toBe(gone.message);
    expect(screen.queryByRole('button', { name: 'Copy again' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await settle();
    expect(backend.copyDocument).toHaveBeenCalledTimes(3);
    expect(backend.copyDocument.mock.lastCall?.[0]).not.toHaveProperty('again');
  });

  test('Copy again is the lost copy only: the same workspace with another name or as a template asks for a plain copy', async () => {
    const { backend } = await setup();
    backend.copyDocument.mockResolvedValue({ ok: false, error: LOST });
    await copyBudgetToOps();
    fireEvent.click(screen.getByRole('checkbox', { name: 'As template (structure only, no data)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await settle();
    expect(backend.copyDocument).toHaveBeenCalledTimes(2);
    expect(backend.copyDocument.mock.lastCall?.[0]).toMatchObject({ name: 'Budget (copy)', asTemplate: true });
    expect(backend.copyDocument.mock.lastCall?.[0]).not.toHaveProperty('again');
  });
});
