// @vitest-environment jsdom
/** The popup's parts that load when first shown (lazy.tsx), each from its own module. */
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, expect, test, vi } from 'vitest';
import { onDemand } from '../../../src/popup/on-demand/lazy.tsx';
import type { PopupStore } from '../../../src/popup/store.ts';

afterEach(cleanup);

const NewDocumentField = onDemand(() => import('../../../src/popup/panels/new-document-field.tsx').then((module) => module.NewDocumentField));
const props = { store: { act: vi.fn() } as unknown as PopupStore, workspace: { orgId: 1, siteUrl: 'https://docs.getgrist.com', workspaceId: 10 }, onDone: vi.fn() };

test('a part rendered before its code loads shows once it has loaded', async () => {
  expect(NewDocumentField.loaded()).toBeUndefined();
  await act(async () => {
    render(<NewDocumentField {...props} />);
  });
  expect(await screen.findByRole('textbox', { name: 'Name of the new document' })).toBeTruthy();
  expect(NewDocumentField.loaded()).toBeDefined();
});

test('once its code is loaded, a part shows in its first render', () => {
  render(<NewDocumentField {...props} />);
  expect(screen.getByRole('textbox', { name: 'Name of the new document' })).toBeTruthy();
});
