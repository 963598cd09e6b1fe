/** Rows `revalidation`: an unchanged refresh transfers no listing bodies and does not touch the list. */
import { openWatchedPopup } from '../popup-watch.ts';
import type { Row } from '../row.ts';
import type { Phase } from '../set-up.ts';

/** An unchanged refresh seen from a popup opened on the cache, against a refresh with no cache (naive). */
export async function revalidationRows({ grist, extension, clearCache, refreshFromPage }: Phase): Promise<Row[]> {
  await refreshFromPage();
  grist.clearRequests();
  const revalidation = await openWatchedPopup(extension);
  const bodies = grist.requests
    .filter((entry) => entry.method === 'GET' && entry.answer?.status === 200)
    .reduce((sum, entry) => sum + (entry.answer?.bodyBytes ?? 0), 0);
  await revalidation.page.close();
  await clearCache();
  grist.clearRequests();
  await refreshFromPage();
  const fullBodies = grist.requests.reduce((sum, entry) => sum + (entry.answer?.bodyBytes ?? 0), 0);
  return [
    { figure: 'unchanged refresh: listing bodies transferred', unit: 'KB', ours: bodies / 1024, target: 0, against: 'target', naive: fullBodies / 1024 },
    { figure: 'unchanged refresh: changes to the rendered list', unit: 'mutations', ours: revalidation.listMutations, target: 0, against: 'target' },
    { figure: 'unchanged refresh: documents the popup received from the worker', unit: 'documents', ours: revalidation.documentsReceived, target: 0, against: 'target' },
  ];
}
