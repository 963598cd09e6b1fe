import { describe, expect, it } from 'vitest';
import { byScore, FORGET_BELOW, HALF_LIFE_DAYS, keepMost, recordOpen, scoreAt } from '../../../../src/shared/rules/frecency.ts';
import { openKey, type OpenedMap } from '../../../../src/shared/protocol/pages.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 29);

/** A record opened at each of `days` ago (oldest first), as the worker would have kept it. */
function openedAt(...daysAgo: number[]) {
  return daysAgo.reduce<ReturnType<typeof recordOpen> | undefined>((record, ago) => recordOpen(record, NOW - ago * DAY), undefined)!;
}

describe('frecency score', () => {
  it('a first open scores 1, and fades to half in four weeks (Firefox half-life)', () => {
    const record = recordOpen(undefined, NOW);
    expect(record).toEqual({ score: 1, at: NOW });
    expect(scoreAt(record, NOW + HALF_LIFE_DAYS * DAY)).toBeCloseTo(0.5, 10);
    expect(scoreAt(record, NOW + 2 * HALF_LIFE_DAYS * DAY)).toBeCloseTo(0.25, 10);
  });

  it('recent beats old: one open yesterday over one open a month ago', () => {
    expect(scoreAt(openedAt(1), NOW)).toBeGreaterThan(scoreAt(openedAt(30), NOW));
  });

  it('often beats once: three opens last week over one open today', () => {
    expect(scoreAt(openedAt(9, 8, 7), NOW)).toBeGreaterThan(scoreAt(openedAt(0), NOW));
  });

  it('adds each open to what is left of the score', () => {
    const twice = openedAt(HALF_LIFE_DAYS, 0);
    expect(twice.score).toBeCloseTo(1.5, 10);
    expect(twice.at).toBe(NOW);
  });

  it('a clock set back never grows a score', () => {
    expect(scoreAt({ score: 2, at: NOW }, NOW - 10 * DAY)).toBe(2);
  });

  it('orders records the same whenever they are compared', () => {
    const often = openedAt(60, 59, 58, 57);
    const lately = openedAt(2);
    expect(Math.sign(byScore(often, lately))).toBe(Math.sign(scoreAt(lately, NOW) - scoreAt(often, NOW)));
    expect(Math.sign(byScore(often, lately))).toBe(Math.sign(scoreAt(lately, NOW + 400 * DAY) - scoreAt(often, NOW + 400 * DAY)));
  });
});

describe('keepMost', () => {
  it('keeps the highest scores of each account, up to the cap, and leaves other accounts alone', () => {
    const map: OpenedMap = {};
    for (let index = 0; index < 5; index++) map[openKey('a', `doc${index}`)] = openedAt(index);
    map[openKey('b', 'other', 3)] = openedAt(100);
    const kept = keepMost(map, NOW, 3);
    expect(Object.keys(kept).sort()).toEqual([openKey('a', 'doc0'), openKey('a', 'doc1'), openKey('a', 'doc2'), openKey('b', 'other', 3)].sort());
  });

  it('forgets a score faded away, and answers the same map when nothing goes', () => {
    const faded = { score: 1, at: NOW - 7 * HALF_LIFE_DAYS * DAY };
    expect(scoreAt(faded, NOW)).toBeLessThan(FORGET_BELOW);
    const map: OpenedMap = { [openKey('a', 'x')]: faded, [openKey('a', 'y')]: openedAt(1) };
    expect(Object.keys(keepMost(map, NOW))).toEqual([openKey('a', 'y')]);
    const fresh: OpenedMap = { [openKey('a', 'y')]: openedAt(1) };
    expect(keepMost(fresh, NOW)).toBe(fresh);
  });
});
