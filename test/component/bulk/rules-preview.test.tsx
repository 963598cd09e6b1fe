// @vitest-environment jsdom
/**
 * The Bulk changes page as a user meets it (rendered with a fake backend: bulk-page.tsx), the rename rules and their preview.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import { checkbox, findField, setup } from './bulk-page.tsx';

afterEach(cleanup);

describe('rules and preview', () => {
  async function pickAll() {
    const page = await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    return page;
  }

  const previewRows = () =>
    within(screen.getByRole('table', { name: 'Preview' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

  test('each picked document shows its new name and verdict as a rule is typed, with the summary line', async () => {
    await pickAll();
    expect(screen.getByText('0 will be renamed, 4 unchanged, 0 invalid.')).toBeTruthy();
    fireEvent.input(findField(), { target: { value: '2025' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Replace with' }), { target: { value: '2026' } });
    expect(screen.getByText('3 will be renamed, 1 unchanged, 0 invalid.')).toBeTruthy();
    expect(previewRows()).toEqual([
      ['Acme › Finance', 'Budget 2025 – Sales', 'Budget 2026 – Sales', 'will rename'],
      ['Acme › Finance', 'Budget 2025 – Legal', 'Budget 2026 – Legal', 'will rename'],
      ['Acme › Finance', 'Forecast', 'Forecast', 'unchanged'],
      ['Globex › Projects', 'Budget 2025 – <b>Globex</b>', 'Budget 2026 – <b>Globex</b>', 'will rename'],
    ]);
    const region = screen.getByRole('region', { name: 'Preview' });
    // The changed part is marked, as text: the name's own markup is not HTML.
    expect([...region.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['6', '6', '6']);
    expect(region.querySelector('b')).toBeNull();
    expect(screen.getByRole('button', { name: 'Rename 3 documents' })).toHaveProperty('disabled', false);
  });

  test('a name another document of the workspace has is a warning; empty and too long are invalid and say which', async () => {
    await pickAll();
    fireEvent.click(checkbox('Budget 2025 – <b>Globex</b>'));
    fireEvent.click(checkbox('Forecast'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Regular expression' }));
    // Sales becomes "Forecast", the name of a document not picked in its workspace; Legal becomes empty.
    fireEvent.input(findField(), { target: { value: '^Budget 2025 – (Sales|Legal)$' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Replace with' }), { target: { value: '' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Prefix' }), { target: { value: '' } });
    expect(previewRows().map((row) => row[3])).toEqual(['invalid: The new name would be empty.', 'invalid: The new name would be empty.']);
    fireEvent.input(findField(), { target: { value: '^Budget 2025 – Sales$' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Replace with' }), { target: { value: 'Forecast' } });
    expect(previewRows().map((row) => row[3])).toEqual(['same name as another document in Finance', 'unchanged']);
    // Grist allows it: a warning, still renamed.
    expect(screen.getByText('1 will be renamed, 1 unchanged, 0 invalid.')).toBeTruthy();
    fireEvent.input(screen.getByRole('textbox', { name: 'Suffix' }), { target: { value: ` ${'x'.repeat(240)}` } });
    expect(previewRows().map((row) => row[3])).toEqual(['will rename', 'invalid: The new name would be over 255 characters.']);
    expect(screen.getByText('1 will be renamed, 0 unchanged, 1 invalid.')).toBeTruthy();
  });

  test('an invalid regular expression shows its error next to the field and disables renaming', async () => {
    await pickAll();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Regular expression' }));
    fireEvent.input(findField(), { target: { value: '(2025' } });
    expect(findField().getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(findField().getAttribute('aria-describedby')!);
    expect(error?.textContent).toMatch(/^Invalid regular expression: .*\(2025/);
    expect(screen.getByText('Fix the regular expression to see the preview.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Rename \d+ documents?$/ })).toHaveProperty('disabled', true);
  });

  test('numbering follows the preview’s order, with Start at and Digits', async () => {
    await pickAll();
    fireEvent.input(screen.getByRole('textbox', { name: 'Find' }), { target: { value: 'Budget 2025 – ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Number' }));
    fireEvent.input(screen.getByRole('spinbutton', { name: 'Start at' }), { target: { value: '7' } });
    fireEvent.input(screen.getByRole('spinbutton', { name: 'Digits' }), { target: { value: '3' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Case' }), { target: { value: 'upper' } });
    expect(previewRows().map((row) => row[2])).toEqual(['SALES 007', 'LEGAL 008', 'FORECAST 009', '<B>GLOBEX</B> 010']);
  });
});
