/**
 * Names made safe for every file system and for the browsers' downloads (file-names.ts), a
 * backup's folder, and the paths of a backup run's files, two of one name kept apart.
 */
import { describe, expect, test } from 'vitest';
import { backupFolder, backupLayout, FILE_NAME_MAX_LENGTH, safeFileName, tableFileNames } from '../../../../src/shared/rules/file-names.ts';

describe('safeFileName', () => {
  test('the characters Windows refuses, and control characters, become _; the rest of the name stays', () => {
    expect(safeFileName('Q1/Q2 <draft>: "plan" | a\\b? *')).toBe('Q1_Q2 _draft__ _plan_ _ a_b_ _');
    expect(safeFileName('a\u0000b\u001fc\u007fd')).toBe('a_b_c_d');
    expect(safeFileName('Budget 2026 — équipe')).toBe('Budget 2026 — équipe');
  });

  test('a line break or tab is a space; a trailing dot or space, and one before, are dropped', () => {
    expect(safeFileName('Sales\nreport\t2026')).toBe('Sales report 2026');
    expect(safeFileName('Notes. . ')).toBe('Notes');
    expect(safeFileName('  .hidden')).toBe('hidden');
  });

  test('what Chromium refuses as an invalid file name: ~ at an end, format characters (bidi marks, joiners: invisible, dropped), a shell extension', () => {
    expect(safeFileName('~temp~ a~b~')).toBe('temp~ a~b');
    expect(safeFileName('abc\u202edef\u200d')).toBe('abcdef');
    expect(safeFileName('shortcut.lnk')).toBe('shortcut_lnk');
    expect(safeFileName('x.{645FF040-5081-101B-9F08-00AA002F954E}')).toBe('x_{645FF040-5081-101B-9F08-00AA002F954E}');
  });

  test('a reserved device name, in any case and with an extension, is made safe', () => {
    expect(safeFileName('CON')).toBe('CON_');
    expect(safeFileName('con.txt')).toBe('con_.txt');
    expect(safeFileName('Lpt9')).toBe('Lpt9_');
    expect(safeFileName('com1.tar.gz')).toBe('com1_.tar.gz');
    expect(safeFileName('nul ')).toBe('nul_');
    expect(safeFileName('desktop.ini')).toBe('desktop_.ini');
    // Not a device name: kept.
    expect(safeFileName('CONTACTS')).toBe('CONTACTS');
    expect(safeFileName('COM10')).toBe('COM10');
  });

  test('an empty name, or one of refused characters only, is the fallback', () => {
    expect(safeFileName('')).toBe('Untitled');
    expect(safeFileName(' . ')).toBe('Untitled');
    expect(safeFileName('   ', 'doc1')).toBe('doc1');
  });

  test('a long name is cut to the limit, never inside an emoji or an accented letter, and not left ending in a space', () => {
    const long = `${'a'.repeat(FILE_NAME_MAX_LENGTH - 1)}👩‍👩‍👧 end`;
    const cut = safeFileName(long);
    expect(cut.length).toBeLessThanOrEqual(FILE_NAME_MAX_LENGTH);
    expect(cut).toBe('a'.repeat(FILE_NAME_MAX_LENGTH - 1));
    expect(safeFileName(`${'b'.repeat(FILE_NAME_MAX_LENGTH - 1)} x more`)).toBe('b'.repeat(FILE_NAME_MAX_LENGTH - 1));
    expect(safeFileName(`${'c'.repeat(FILE_NAME_MAX_LENGTH - 1)}q\u0301`)).toBe('c'.repeat(FILE_NAME_MAX_LENGTH - 1));
  });
});

describe('backupFolder', () => {
  test('names the folder by the local date and time, with a dot between hours and minutes', () => {
    expect(backupFolder(new Date(2026, 0, 5, 9, 7, 59))).toBe('Grist backup 2026-01-05 09.07');
    expect(backupFolder(new Date(2026, 10, 29, 23, 45))).toBe('Grist backup 2026-11-29 23.45');
  });
});

describe('backupLayout', () => {
  const place = (name: string, workspaceName = 'Home', siteName = 'Acme', docId = 'doc') => ({ name, workspaceName, siteName, docId });

  test('a document goes to <folder>/<site>/<workspace>/<document>.<ext>, each name made safe', () => {
    const layout = backupLayout('Grist backup 2026-11-29 02.10');
    expect(layout.pathOf(place('Budget: 2026', 'Team/Finance', 'Acme Inc.'), 'grist')).toBe('Grist backup 2026-11-29 02.10/Acme Inc/Team_Finance/Budget_ 2026.grist');
    expect(layout.pathOf(place('Report'), null)).toBe('Grist backup 2026-11-29 02.10/Acme/Home/Report');
  });

  test('two documents of one name in one folder are kept apart, without regard to case, in the run’s order', () => {
    const paths = (layout = backupLayout('F')) => [
      layout.pathOf(place('Budget'), 'xlsx'),
      layout.pathOf(place('budget'), 'xlsx'),
      layout.pathOf(place('Budget (2)'), 'xlsx'),
      layout.pathOf(place('BUDGET'), 'xlsx'),
      layout.pathOf(place('Budget', 'Other'), 'xlsx'),
    ];
    expect(paths()).toEqual(['F/Acme/Home/Budget.xlsx', 'F/Acme/Home/budget (2).xlsx', 'F/Acme/Home/Budget (2) (2).xlsx', 'F/Acme/Home/BUDGET (3).xlsx', 'F/Acme/Other/Budget.xlsx']);
    // Deterministic: a layout made again (a run resumed) gives the same paths.
    expect(paths()).toEqual(paths());
  });

  test('two names that only refused characters or cutting tell apart come to one, and are kept apart', () => {
    const layout = backupLayout('F');
    expect(layout.pathOf(place('a/b'), 'grist')).toBe('F/Acme/Home/a_b.grist');
    expect(layout.pathOf(place('a:b'), 'grist')).toBe('F/Acme/Home/a_b (2).grist');
    expect(layout.pathOf(place('', 'Home', 'Acme', 'x1Y2'), 'grist')).toBe('F/Acme/Home/x1Y2.grist');
  });

  test('a CSV backup’s tables each get a file, kept apart when their names come to one', () => {
    expect(tableFileNames(['Expenses', 'CON', 'People', 'people'])).toEqual(['Expenses.csv', 'CON_.csv', 'People.csv', 'people (2).csv']);
  });
});
