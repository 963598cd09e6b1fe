// @vitest-environment jsdom
/**
 * The popup's rename field loads on its own (rename-row.ts), when the popup is idle or with the
 * first Rename: a Rename pressed before its code is there still ends in the field, focused.
 * In a file of its own, where nothing has loaded the field yet.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, expect, test, vi } from 'vitest';
import type { Listing } from '../../../src/shared/protocol/listing.ts';
import { App } from '../../../src/popup/app.tsx';
import { createPopupStore } from '../../../src/popup/store.ts';
import { documentEntry, listingOf, personalSiteEntry, workspaceEntry } from '../../setup/listings.ts';
import { popupBackendMocks } from '../../setup/popup-backend.ts';

afterEach(cleanup);

const LISTING: Listing = listingOf([personalSiteEntry([workspaceEntry(10, 'Home', [documentEntry('budgetDoc000000000000', 'Budget')])])]);

test('Rename pressed before the field’s code has loaded: the field comes, focused, its name selected', async () => {
  const backend = { ...popupBackendMocks(),
    refreshListing: vi.fn(async () => ({ ok: true as const, value: LISTING })),
  };
  const store = createPopupStore({ backend, readCachedListing: async () => null, openOptions: vi.fn(), openBulkChanges: vi.fn() });
  render(<App store={store} />);
  await act(() => store.start());

  fireEvent.click(screen.getByRole('button', { name: 'Rename Budget' }));
  expect(screen.queryByRole('textbox', { name: 'New name for Budget' })).toBeNull();

  const field = (await screen.findByRole('textbox', { name: 'New name for Budget' })) as HTMLInputElement;
  await waitFor(() => expect(document.activeElement).toBe(field));
  expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'Budget'.length]);
});
