// @vitest-environment jsdom
/**
 * The Bulk changes page as a user meets it (rendered with a fake backend: bulk-page.tsx), 20,000 documents: only the rows near the viewport are drawn.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import { BulkApp } from '../../../src/bulk/app.tsx';
import { createBulkStore } from '../../../src/bulk/store.ts';
import type { Listing } from '../../../src/shared/protocol/listing.ts';
import { doc, fakeBackend, findField, site } from './bulk-page.tsx';

afterEach(cleanup);

describe('at scale', () => {
  test('20,000 documents selected: the picker and the preview render only the rows near the viewport', async () => {
    const documents = Array.from({ length: 20_000 }, (_, index) => doc(`big${String(index).padStart(19, '0')}`, `Report ${index}`));
    const big: Listing = { fetchedAt: 1, sites: [site(9, 'Big', [{ id: 90, name: 'All', documents }])] };
    const backend = fakeBackend(big);
    render(<BulkApp store={createBulkStore({ backend, readCachedListing: async () => big, requestDownloadsPermission: async () => false })} />);
    await screen.findByRole('checkbox', { name: 'Select Report 0' });
    fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    fireEvent.input(findField(), { target: { value: 'Report' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Replace with' }), { target: { value: 'Summary' } });
    expect(screen.getByText('20000 documents selected')).toBeTruthy();
    expect(screen.getByText('20000 will be renamed, 0 unchanged, 0 invalid.')).toBeTruthy();
    expect(screen.getAllByRole('checkbox', { name: /^Select Report/ }).length).toBeLessThan(60);
    const table = screen.getByRole('table', { name: 'Preview' });
    expect(table.getAttribute('aria-rowcount')).toBe('20001');
    expect(within(table).getAllByRole('row').length).toBeLessThan(60);
  });
});
