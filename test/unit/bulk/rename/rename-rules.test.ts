/** The bulk rename's rules (src/bulk/rename/rename-rules.ts), one at a time and together. */
import { describe, expect, it } from 'vitest';
import { compileRules, NO_RULES, type RenameRules } from '../../../../src/bulk/rename/rename-rules.ts';

function renamer(rules: Partial<RenameRules>): (name: string, index?: number) => string {
  const compiled = compileRules({ ...NO_RULES, ...rules });
  if (!compiled.ok) throw new Error(compiled.error);
  return (name, index = 0) => compiled.rename(name, index);
}

describe('find and replace', () => {
  it('plain text, every occurrence, any case by default', () => {
    expect(renamer({ find: '2025', replace: '2026' })('Budget 2025 (2025 draft)')).toBe('Budget 2026 (2026 draft)');
    expect(renamer({ find: 'budget', replace: 'Plan' })('BUDGET and Budget')).toBe('Plan and Plan');
  });

  it('Match case finds only the same case', () => {
    expect(renamer({ find: 'budget', replace: 'Plan', matchCase: true })('BUDGET and budget')).toBe('BUDGET and Plan');
  });

  it('plain text takes regex characters and $ literally', () => {
    expect(renamer({ find: '(v1.0)', replace: '$1 & $<x>' })('Spec (v1.0) (v100)')).toBe('Spec $1 & $<x> (v100)');
  });

  it('a regular expression with numbered and named groups', () => {
    expect(renamer({ find: '(\\d{4})-(\\d{2})', replace: '$2/$1', regex: true })('Report 2025-03')).toBe('Report 03/2025');
    expect(renamer({ find: '(?<client>Acme) (?<what>\\w+)', replace: '$<what> for $<client>', regex: true })('Acme Invoices')).toBe('Invoices for Acme');
  });

  it('an invalid regular expression says why, and renames nothing', () => {
    const compiled = compileRules({ ...NO_RULES, find: '(unclosed', regex: true });
    expect(compiled).toEqual({ ok: false, error: expect.stringMatching(/Invalid regular expression/) });
  });

  it('an empty Find replaces nothing', () => {
    expect(renamer({ find: '', replace: 'x' })('Budget')).toBe('Budget');
  });
});

describe('prefix, suffix, number and case', () => {
  it('prefix and suffix', () => {
    expect(renamer({ prefix: 'ACME – ', suffix: ' (archived)' })('Budget')).toBe('ACME – Budget (archived)');
  });

  it('a running number, appended or in place of {n}, zero-padded, from Start at', () => {
    const rename = renamer({ number: { enabled: true, start: 7, digits: 3 } });
    expect([0, 1, 2].map((index) => rename('Invoice', index))).toEqual(['Invoice 007', 'Invoice 008', 'Invoice 009']);
    expect(renamer({ number: { enabled: true, start: 1, digits: 2 } })('Chapter {n}: intro', 4)).toBe('Chapter 05: intro');
    expect(renamer({ prefix: '{n}. ', number: { enabled: true, start: 1, digits: 1 } })('Step', 0)).toBe('1. Step');
  });

  it.each([
    ['lower', 'quarterly budget été'],
    ['upper', 'QUARTERLY BUDGET ÉTÉ'],
    ['title', 'Quarterly Budget Été'],
    ['unchanged', 'quarterly BUDGET été'],
  ] as const)('case: %s', (rule, expected) => {
    expect(renamer({ case: rule })('quarterly BUDGET été')).toBe(expected);
  });

  it('Title Case starts words after spaces, dashes and brackets, and leaves digits', () => {
    expect(renamer({ case: 'title' })('q3 report-draft (final) 2026')).toBe('Q3 Report-Draft (Final) 2026');
  });

  it('spaces are always trimmed and collapsed', () => {
    expect(renamer({})('  Budget \t  2026  ')).toBe('Budget 2026');
    expect(renamer({ find: 'draft', replace: '' })('Budget draft 2026')).toBe('Budget 2026');
    // Untidy at an end only, and at an end and within (a no-break space).
    expect(renamer({ find: 'draft', replace: '' })('draft Budget 2026')).toBe('Budget 2026');
    expect(renamer({ find: 'draft', replace: '' })('draft Budget\u00a02026')).toBe('Budget 2026');
  });
});

describe('the rules together', () => {
  it('apply in order: replace, then prefix and suffix, then number, then case, then spaces', () => {
    const rename = renamer({ find: 'budget', replace: 'plan', prefix: 'acme ', suffix: ' v{n}', number: { enabled: true, start: 1, digits: 2 }, case: 'title' });
    expect(rename('Budget 2026', 2)).toBe('Acme Plan 2026 V03');
  });

  it('keep right-to-left names, emoji and combining marks whole', () => {
    expect(renamer({ find: 'תקציב', replace: 'תכנית' })('תקציב 2025')).toBe('תכנית 2025');
    expect(renamer({ prefix: '📊 ' })('ميزانية')).toBe('📊 ميزانية');
    expect(renamer({ find: 'e\u0301', replace: 'é' })('Re\u0301sume\u0301')).toBe('Résumé');
    // A pattern matches whole characters, never half of an emoji's surrogate pair.
    expect(renamer({ find: '.', replace: '·', regex: true })('😀a')).toBe('··');
  });

  it('leave the length limit to the preview: a long result is returned as it is', () => {
    expect(renamer({ suffix: 'x'.repeat(300) })('Budget')).toHaveLength(306);
  });
});
