/**
 * Imported first by the worker's entry, so it runs before any other module of the worker: marks
 * when the extension's own start-up begins (User Timing, read by npm run bench). The time before
 * it is the browser starting the worker and loading the script.
 */
performance.mark('grist-quick-rename:start');
