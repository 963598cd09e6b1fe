// @vitest-environment jsdom
/** The popup's parts that load when first shown (lazy.tsx): one chunk, on-demand.ts. */
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, expect, test, vi } from 'vitest';
import { loadedParts, onDemand } from '../../../src/popup/on-demand/lazy.tsx';
import type { PopupStore } from '../../../src/popup/store.ts';

afterEach(cleanup);

const NewDocumentField = onDemand('NewDocumentField');
const props = { store: { act: vi.fn() } as unknown as PopupStore, workspace: { orgId: 1, siteUrl: 'https://docs.getgrist.com', workspaceId: 10 }, onDone: vi.fn() };

test('a part rendered before its chunk loads shows once it has loaded', async () => {
  expect(loadedParts()).toBeUndefined();
  await act(async () => {
    render(<NewDocumentField {...props} />);
  });
  expect(await screen.findByRole('textbox', { name: 'Name of the new document' })).toBeTruthy();
  expect(loadedParts()).toBeDefined();
});

test('once the chunk is loaded, a part shows in its first render', () => {
  render(<NewDocumentField {...props} />);
  expect(screen.getByRole('textbox', { name: 'Name of the new document' })).toBeTruthy();
});
