/** Rows `size`: the built scripts' gzip sizes, alarms with room, as test/e2e/bundle-size.test.ts rings them: time is the budget. */
import { ALARM_KB, gzipKb, pageScripts, workerScripts } from '../../../test/e2e/bundle.ts';
import type { Row } from '../row.ts';

/** Each page's opening JavaScript and the worker's, gzip, against its alarm. */
export async function sizeRows(): Promise<Row[]> {
  return [
    { figure: 'popup opening JavaScript, gzip (alarm)', unit: 'KB', ours: await gzipKb(await pageScripts('popup')), target: ALARM_KB.popup, against: 'target' },
    { figure: 'options JavaScript, gzip (alarm)', unit: 'KB', ours: await gzipKb(await pageScripts('options')), target: ALARM_KB.page, against: 'target' },
    { figure: 'Bulk changes page JavaScript, gzip (alarm)', unit: 'KB', ours: await gzipKb(await pageScripts('bulk')), target: ALARM_KB.page, against: 'target' },
    { figure: 'worker JavaScript, gzip (alarm)', unit: 'KB', ours: await gzipKb(await workerScripts()), target: ALARM_KB.worker, against: 'target' },
  ];
}
