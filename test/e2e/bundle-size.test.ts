/** The size budget of the built pages (issue "speed at scale"): each page's JavaScript ≤ 30 KB gzip. */
import { describe, expect, it } from 'vitest';
import { gzipKb, pageScripts, workerScripts } from './bundle.ts';

describe('bundle sizes of the build in dist/', () => {
  it.each(['popup', 'options', 'dialog', 'bulk'] as const)('the %s page loads at most 30 KB of gzipped JavaScript', async (page) => {
    const scripts = await pageScripts(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect(await gzipKb(scripts)).toBeLessThanOrEqual(30);
  });

  it('the service worker is at most 30 KB gzipped', async () => {
    const scripts = await workerScripts();
    expect(scripts).toHaveLength(1);
    expect(await gzipKb(scripts)).toBeLessThanOrEqual(30);
  });
});
