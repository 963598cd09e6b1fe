// @vitest-environment jsdom
/**
 * The options page's History: with no change made and only documents opened from the extension,
 * Clear history is offered all the same (it forgets Recently opened too).
 */
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, expect, it, vi } from 'vitest';
import { OptionsApp } from '../../../src/options/app.tsx';
import { createOptionsStore, type OptionsBackend } from '../../../src/options/store.ts';
import { ok } from '../../../src/shared/protocol/errors.ts';
import type { ChangeLogItem } from '../../../src/shared/protocol/change-log.ts';
import { openKey } from '../../../src/shared/protocol/pages.ts';
import { ACCOUNT } from './render-page.tsx';

afterEach(cleanup);

it('offers Clear history when only documents opened are kept', async () => {
  const backend = {
    getSettings: vi.fn(async () => ok({ accounts: [ACCOUNT] })),
    saveSettings: vi.fn(),
    removeApiKey: vi.fn(),
    removeAccount: vi.fn(),
    confirmSavedKey: vi.fn(),
    testConnection: vi.fn(),
    readChangeLog: vi.fn(async () => ok<ChangeLogItem[]>([])),
    clearChangeLog: vi.fn(),
    undoChange: vi.fn(),
    undoBatch: vi.fn(),
  } satisfies OptionsBackend;
  const store = createOptionsStore({
    backend,
    requestHostPermissions: vi.fn(),
    hasHostPermission: vi.fn(async () => true),
    watchHostPermissions: vi.fn(),
    readOpened: async () => ({ [openKey(ACCOUNT.id, 'budget2025000000000000')]: { score: 1, at: Date.now() } }),
  });
  render(<OptionsApp store={store} />);
  expect(await screen.findByRole('button', { name: 'Clear history' })).toBeTruthy();
});
