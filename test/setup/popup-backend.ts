/**
 * A fake of the backend the popup's store talks to (createPopupStore in src/popup/store.ts), for
 * component tests.
 */
import { vi } from 'vitest';
import type { Backend } from '../../src/page-shared/backend-client.ts';

/**
 * Every call of the popup's backend but refreshListing, as mocks that answer undefined (but
 * readSitesPeople, which answers no site and gives the stop the view calls when it goes,
 * getBulkRun, which answers no run, and readPages, which never answers): a test
 * spreads them and adds refreshListing and any call whose answer it looks at.
 */
export function popupBackendMocks() {
  return {
    undoChange: vi.fn(),
    readChangeLog: vi.fn(),
    clearChangeLog: vi.fn(),
    undoBatch: vi.fn(),
    moveDocument: vi.fn(),
    renameWorkspace: vi.fn(),
    renameDocument: vi.fn(),
    removeDocument: vi.fn(),
    pinDocument: vi.fn(),
    copyDocument: vi.fn(),
    createDocument: vi.fn(),
    createWorkspace: vi.fn(),
    removeWorkspace: vi.fn(),
    restoreWorkspace: vi.fn(),
    readTrash: vi.fn(),
    restoreDocument: vi.fn(),
    deleteDocument: vi.fn(),
    readAccess: vi.fn(),
    readSitesPeople: vi.fn<Backend['readSitesPeople']>(() => () => undefined),
    changeAccess: vi.fn(),
    readPersonGrants: vi.fn(),
    removePerson: vi.fn(),
    getPersonRemoval: vi.fn(),
    downloadDocument: vi.fn(),
    readDocumentTables: vi.fn(),
    showDownload: vi.fn(),
    startBulkBackup: vi.fn(),
    dropWaitingDownloads: vi.fn<Backend['dropWaitingDownloads']>(async () => ({ ok: true, value: null })),
    // Whether a backup is under way to show (store.followLatestBackup): none.
    getBulkRun: vi.fn<Backend['getBulkRun']>(async () => ({ ok: true, value: null })),
    // A link opened (Recently opened, issue 52): noted, nothing to answer.
    noteOpened: vi.fn<Backend['noteOpened']>(async () => ({ ok: true, value: null })),
    // A document's pages (issue 52): read when a search's first documents are shown, never answered
    // unless a test answers them; opening a page opens it, unless a test answers otherwise.
    readPages: vi.fn<Backend['readPages']>(() => new Promise(() => undefined)),
    openPage: vi.fn<Backend['openPage']>(async () => ({ ok: true, value: { opened: 'page' } })),
  };
}
