/**
 * Size alarms of the built pages, with room (ALARM_KB): the popup's opening scripts, every other
 * page's, and the service worker's, each counting every script it loads at once (the popup's
 * history view, loaded when opened, is not). Time is the budget (`npm run bench` measures it); a
 * size here only rings when a page grows far past what it is, and is never a reason to bend a
 * module's shape (issue "A popup that reads like the worker").
 */
import { describe, expect, it } from 'vitest';
import { ALARM_KB, gzipKb, pageScripts, workerScripts } from './bundle.ts';

describe('bundle sizes of the build in dist/', () => {
  it(`the popup loads its first-screen script and its own script, at most ${ALARM_KB.popup} KB of gzipped JavaScript`, async () => {
    const scripts = await pageScripts('popup');
    expect(scripts).toEqual(['assets/first-screen.js', 'assets/main.js']);
    expect(await gzipKb(scripts)).toBeLessThanOrEqual(ALARM_KB.popup);
  });

  it.each(['options', 'document-window', 'bulk'] as const)(`the %s page loads at most ${ALARM_KB.page} KB of gzipped JavaScript`, async (page) => {
    const scripts = await pageScripts(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect(await gzipKb(scripts)).toBeLessThanOrEqual(ALARM_KB.page);
  });

  it(`the service worker, with the chunks it imports, is at most ${ALARM_KB.worker} KB gzipped`, async () => {
    const scripts = await workerScripts();
    expect(scripts.length).toBeGreaterThan(1);
    expect(await gzipKb(scripts)).toBeLessThanOrEqual(ALARM_KB.worker);
  });
});
