// @vitest-environment jsdom
/**
 * The Bulk changes page on a run whose operation cannot be undone (BulkRunSnapshot.withoutUndo: a
 * run that only reads, issue 50): no Undo this batch, though its items are done; the rest of the
 * panel as for any run.
 */
import { cleanup, screen } from '@testing-library/preact';
import { afterEach, expect, test } from 'vitest';
import { item, runOf, setup } from './bulk-page.tsx';

afterEach(cleanup);

/** A done run: one document done, one failed. */
const items = () => [item('budgetSales00000000000', 'Budget 2025 – Sales', 'Budget 2026 – Sales', 'renamed'), item('budgetLegal00000000000', 'Budget 2025 – Legal', 'Budget 2026 – Legal', 'failed', 'Grist did not answer.')];

test('a done run without an undo offers Retry failed, and no Undo this batch', async () => {
  await setup({ latestRun: runOf(items(), { withoutUndo: true }) });
  await screen.findByRole('heading', { name: 'Bulk rename finished' });
  expect(screen.getByRole('button', { name: 'Retry failed' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Undo this batch' })).toBeNull();
});

test('the same run that can be undone offers Undo this batch', async () => {
  await setup({ latestRun: runOf(items()) });
  await screen.findByRole('heading', { name: 'Bulk rename finished' });
  expect(screen.getByRole('button', { name: 'Undo this batch' })).toBeTruthy();
});
