// @vitest-environment jsdom
/**
 * The options page's History: with no change made and only documents opened from the extension,
 * Clear history is offered all the same (it forgets Recently opened too).
 */
import { cleanup, screen } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import { openKey } from '../../../src/shared/protocol/pages.ts';
import { ACCOUNT, renderPage } from './render-page.tsx';

afterEach(cleanup);

it('offers Clear history when only documents opened are kept', async () => {
  await renderPage({ readOpened: async () => ({ [openKey(ACCOUNT.id, 'budget2025000000000000')]: { score: 1, at: Date.now() } }) });
  expect(await screen.findByRole('button', { name: 'Clear history' })).toBeTruthy();
});
