/** axe-core in the extension's pages: WCAG 2.1 A/AA and best-practice rules, both colour schemes. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

interface AxeResults {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
}

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const SCHEMES = ['light', 'dark'] as const;

/**
 * Runs axe on the page as it is now. axe is evaluated through DevTools rather than added as a
 * `<script>`, which the extension pages' Content Security Policy would block.
 * Answers one line per failing element (rule id, target, summary); empty when all is well.
 */
async function axeViolations(page: Page): Promise<string[]> {
  const source = await axeSource;
  await page.evaluate(source);
  const results = await page.evaluate(
    () =>
      (globalThis as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, {
        runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      }) as Promise<AxeResults>,
  );
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact ?? '?'}) at ${JSON.stringify(node.target)}: ${violation.help}. ${node.failureSummary ?? ''}`.replace(/\s+/g, ' '),
    ),
  );
}

/** Checks the page in both colour schemes, leaving it in the light one. */
export async function expectNoViolations(page: Page): Promise<void> {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    expect(await axeViolations(page), `axe violations in the ${colorScheme} scheme`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
