/** The open key (shared/protocol/pages.ts): what openKey writes, parseOpenKey reads back. */
import { describe, expect, it } from 'vitest';
import { openKey, pagesKey, parseOpenKey } from '../../../../src/shared/protocol/pages.ts';

const ACCOUNT = '0b6f5c9e-3d1a-4c8e-9f2b-7a1d2c3e4f50';

describe('parseOpenKey', () => {
  it('reads back a document’s key and a page’s, with its viewRef as a number', () => {
    expect(parseOpenKey(openKey(ACCOUNT, 'budget2025000000000000'))).toEqual({ account: ACCOUNT, docId: 'budget2025000000000000' });
    expect(parseOpenKey(openKey(ACCOUNT, 'budget2025000000000000', 12))).toEqual({ account: ACCOUNT, docId: 'budget2025000000000000', viewRef: 12 });
  });

  it('reads a pagesKey as its document’s', () => {
    expect(parseOpenKey(pagesKey(ACCOUNT, 'leads'))).toEqual({ account: ACCOUNT, docId: 'leads' });
  });
});
