// @vitest-environment jsdom
/**
 * A workspace's New document field in the popup.
 */
import { fireEvent, screen } from '@testing-library/preact';
import { describe, expect, test } from 'vitest';
import { documentEntry as doc } from '../../setup/listings.ts';
import { chooseInMenu, menuItems, setup, settle } from './menu-setup.tsx';
import { setupPopupTests } from './popup-setup.tsx';

setupPopupTests();

describe('New document', () => {
  test('offered where the user may add documents; Enter creates it and the row appears', async () => {
    const { backend } = await setup();
    expect(await menuItems('Sales')).toEqual(['Share…', 'Back up…']);
    backend.createDocument.mockResolvedValue({ ok: true, value: { document: doc('newDoc000000000000000', 'Q4 plan'), entryId: 'n1' } });
    await chooseInMenu('Ops', 'New document');
    const field = await screen.findByRole('textbox', { name: 'Name of the new document' });
    fireEvent.input(field, { target: { value: '  Q4 plan ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await settle();
    expect(backend.createDocument).toHaveBeenCalledWith({ orgId: 2, siteUrl: 'https://acme.getgrist.com', workspaceId: 21, name: 'Q4 plan' });
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Created “\u2068Q4 plan\u2069” in Acme › Ops.');
    expect(screen.getAllByRole('link', { name: 'Open Q4 plan' }).filter((link) => !status.contains(link))).toHaveLength(1);
  });

  test('an empty name is refused in the status, nothing sent; Escape gives up', async () => {
    const { backend } = await setup();
    await chooseInMenu('Ops', 'New document');
    const field = await screen.findByRole('textbox', { name: 'Name of the new document' });
    fireEvent.keyDown(field, { key: 'Enter' });
    await settle();
    expect(backend.createDocument).not.toHaveBeenCalled();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain('Enter a name.');
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Name of the new document' })).toBeNull();
  });
});
