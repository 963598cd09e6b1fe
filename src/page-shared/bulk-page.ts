/**
 * Where the Bulk changes page lives in the built extension (and in the source: crxjs keeps the
 * path). Free of imports, so the build configuration reads it too.
 */
export const BULK_CHANGES_PAGE = 'src/bulk/index.html';
