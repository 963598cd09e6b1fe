/**
 * What a keystroke draws, in Chromium: the documents it brings into view come a frame before their
 * buttons (results-list.tsx), in the room the buttons take, so nothing in a row moves when they come.
 */
import { describe, expect, it } from 'vitest';
import { generateSeed } from '../fake-grist/sample-data.ts';
import { useGristAndExtension } from './fixtures.ts';
import { openConnectedPopup } from './user-actions.ts';

// 3 teams of 40 documents: more than the popup draws at first, so a search brings new rows.
const setup = useGristAndExtension(() => ({ mode: 'org-in-path', seed: generateSeed({ teams: 3, docsPerTeam: 40 }) }));

/** A row as drawn: its name, its buttons, where its name's link and its time are (px). */
interface DrawnRow {
  name: string;
  buttons: string[];
  link: string;
  time: string;
}

describe('a keystroke', () => {
  it('draws the documents it brings where they stay, and their buttons by the next frame', async () => {
    const popup = await openConnectedPopup(setup);
    // Typed as a keystroke is (one input event), the rows read in the task after it, as the bench
    // does, then again after the next frame.
    const [first, later] = await popup.evaluate(async () => {
      const rows = (): DrawnRow[] =>
        [...document.querySelectorAll<HTMLElement>('.results li.document')].map((row) => {
          const box = (selector: string) => JSON.stringify(row.querySelector(selector)!.getBoundingClientRect());
          return {
            name: row.querySelector('a')!.textContent!,
            buttons: [...row.querySelectorAll('button')].map((button) => button.getAttribute('aria-label')!),
            link: box('a'),
            time: box('time'),
          };
        });
      const input = document.querySelector<HTMLInputElement>('input[type="search"]')!;
      input.value = 'document 3.';
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve));
      const drawn = rows();
      for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      return [drawn, rows()];
    });

    expect(first.length).toBeGreaterThan(5);
    expect(first.every((row) => row.name.startsWith('Document 3.'))).toBe(true);
    // The keystroke brought them all (none was drawn before the search): no button yet.
    expect(first.every((row) => row.buttons.length === 0)).toBe(true);
    expect(later.slice(0, first.length).map(({ name, link, time }) => ({ name, link, time }))).toEqual(first.map(({ name, link, time }) => ({ name, link, time })));
    for (const row of later) expect(row.buttons).toEqual([`Show pages of ${row.name}`, `Rename ${row.name}`, `More actions for ${row.name}`]);
    await popup.close();
  });
});
