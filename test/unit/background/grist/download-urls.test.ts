/**
 * grist/download-urls.ts: each format's path as grist-core serves it (docs/grist-api.md "Downloads and exports").
 */
import { describe, expect, it } from 'vitest';
import { downloadPath, tablesPath } from '../../../../src/background/grist/download-urls.ts';
import { FILE_EXTENSIONS } from '../../../../src/shared/protocol/downloads.ts';

describe('download paths', () => {
  it.each([
    ['grist', undefined, '/api/docs/d1/download?nohistory=true', 'grist'],
    ['grist-history', undefined, '/api/docs/d1/download', 'grist'],
    ['xlsx', undefined, '/api/docs/d1/download/xlsx', 'xlsx'],
    ['csv', 'Expenses', '/api/docs/d1/download/csv?tableId=Expenses', 'csv'],
  ] as const)('%s (table %s): %s, a .%s file', (format, tableId, path, extension) => {
    expect(downloadPath('d1', format, tableId)).toBe(path);
    expect(FILE_EXTENSIONS[format]).toBe(extension);
  });

  it('encodes the ids it puts in the path', () => {
    expect(downloadPath('a/b', 'csv', 'T&x=1')).toBe('/api/docs/a%2Fb/download/csv?tableId=T%26x%3D1');
    expect(tablesPath('a/b')).toBe('/api/docs/a%2Fb/tables');
  });

  it('refuses a CSV without its table (Grist answers 400)', () => {
    expect(() => downloadPath('d1', 'csv')).toThrow(RangeError);
  });
});
