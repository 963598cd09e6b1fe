/**
 * The extension in Debian's Firefox ESR, driven over WebDriver BiDi, against an org-in-path fake
 * Grist server: save the options, list the documents, rename one, search. The PATCH must arrive
 * without an Origin header (the declarativeNetRequest rule keyed to the moz-extension:// UUID host).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DOCS, USERS } from '../fake-grist/sample-data.ts';
import { startFakeGrist, type FakeGrist } from '../fake-grist/server.ts';
import { launchFirefox, type Firefox } from './firefox/launch.ts';

let grist: FakeGrist;
let firefox: Firefox;

beforeAll(async () => {
  grist = await startFakeGrist({ mode: 'org-in-path' });
  firefox = await launchFirefox();
});
afterAll(async () => {
  await firefox?.close();
  await grist?.close();
});

/** In the page: sets a labelled field's value the way typing does. */
function fill(label: string, value: string): boolean {
  // A label names its field by `for`, or holds it.
  const labelElement = [...document.querySelectorAll('label')].find((element) => element.textContent?.trim() === label);
  const field = labelElement
    ? labelElement.htmlFor
      ? document.getElementById(labelElement.htmlFor)
      : labelElement.querySelector('input, textarea')
    : document.querySelector(`[aria-label="${label}"]`);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) throw new Error(`No field labelled ${label}`);
  field.focus();
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  return true;
}

it('saves the options, lists the documents and renames one with a PATCH without Origin', async () => {
  await firefox.openPage('src/options/index.html');
  await firefox.waitFor('the options form', () => document.getElementById('api-key') !== null);
  await firefox.evaluate(fill, 'API key', USERS.owner.apiKey);
  await firefox.evaluate(fill, 'Personal site URL', `${grist.url}/o/docs`);
  // A real click: the page asks for host permissions in it, which needs user input.
  await firefox.click(() => [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Save'));
  await firefox.waitFor('"Saved."', () =>
    [...document.querySelectorAll('[role="status"]')].some((status) => status.textContent?.includes('Saved.')),
  );

  await firefox.openPage('src/popup/index.html');
  await firefox.waitFor(
    'the fresh listing',
    () => document.querySelector('a[aria-label="Open Bug Tracker"]') !== null && !document.body.textContent?.includes('Refreshing…'),
  );
  const href = await firefox.evaluate(() => document.querySelector('a[aria-label="Open Bug Tracker"]')!.getAttribute('href'));
  expect(href).toBe(`${grist.url}/o/acme/doc/${DOCS.bugTracker.urlId}`);

  await firefox.click(() => document.querySelector('button[aria-label="Rename Bug Tracker"]'));
  const draft = await firefox.waitFor('the rename field', () => {
    const field = document.querySelector('input[aria-label="New name for Bug Tracker"]') as HTMLInputElement | null;
    return field?.value;
  });
  expect(draft).toBe('Bug Tracker');
  await firefox.evaluate(fill, 'New name for Bug Tracker', '  Bug Tracker 2027 ');
  expect(await firefox.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('New name for Bug Tracker');
  await firefox.press('\uE007'); // Enter
  await firefox.waitFor('the renamed row', () => document.querySelector('a[aria-label="Open Bug Tracker 2027"]') !== null);

  // The row shows the new name optimistically: the server may still be handling the PATCH.
  await expect.poll(() => grist.doc(DOCS.bugTracker.id)?.name).toBe('Bug Tracker 2027');
  const patches = grist.requests.filter((request) => request.method === 'PATCH');
  await expect.poll(() => patches[0]?.answer).toBeDefined();
  expect(patches).toHaveLength(1);
  expect(patches[0]).toMatchObject({
    path: `/o/acme/api/docs/${DOCS.bugTracker.id}`,
    origin: undefined,
    hasAuthorization: true,
    answer: { status: 200 },
  });

  // What a search matches is marked: as highlights, which Firefox paints from version 149 (ESR
  // 153 here), or as <mark> elements before (listing-view/highlighted.tsx).
  await firefox.evaluate(fill, 'Search documents', 'bug tra');
  const marked = await firefox.waitFor('the name marked', () => {
    const name = document.querySelector('a[aria-label="Open Bug Tracker 2027"]');
    const highlight = CSS.highlights?.get('search');
    const texts = highlight
      ? [...highlight].filter((range) => name?.contains(range.startContainer)).map((range) => (range.startContainer as Text).data.slice(range.startOffset, range.endOffset))
      : [...(name?.querySelectorAll('mark') ?? [])].map((mark) => mark.textContent);
    return texts.length > 0 ? { texts, painted: Boolean(highlight) } : undefined;
  });
  expect(marked).toEqual({ texts: ['Bug', 'Tra'], painted: true });
});

it('renames in bulk from the Bulk rename page (after the options above)', async () => {
  await firefox.openPage('src/bulk/index.html');
  await firefox.waitFor('the documents to pick', () => document.querySelector('input[aria-label="Select Roadmap 2026"]') !== null);
  await firefox.click(() => document.querySelector('input[aria-label="Select Roadmap 2026"]'));
  await firefox.evaluate(fill, 'Suffix', ' (Q3)');
  await firefox.waitFor('the preview', () => document.body.textContent?.includes('1 will be renamed, 0 unchanged, 0 invalid.'));
  // Clicked by script: this driver's pointer misses a button the page had to scroll to, and its
  // Enter reaches the button as a keydown without the click a person's Enter makes. Chromium's
  // end-to-end test clicks it for real.
  await firefox.evaluate(() => {
    [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Rename 1 document')!.click();
    return true;
  });
  await firefox.waitFor('the run done', () => document.querySelector('[role="status"]')?.textContent === '1 renamed, 0 failed, 0 not sent.');
  expect(grist.doc(DOCS.roadmap.id)?.name).toBe('Roadmap 2026 (Q3)');
});
