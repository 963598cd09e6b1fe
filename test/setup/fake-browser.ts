/**
 * Unit and component tests run outside an extension, where webextension-polyfill refuses to load.
 * Every test file gets @webext-core/fake-browser instead: an in-memory `browser` (storage, runtime
 * messaging...), reset before each test. It has no declarativeNetRequest, so an in-memory set of
 * dynamic rules stands in; other APIs it lacks are stubbed per test.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import type { DeclarativeNetRequest } from 'webextension-polyfill';
import { beforeEach, vi } from 'vitest';

vi.mock('webextension-polyfill', () => ({ default: fakeBrowser }));

function installDynamicRules(): void {
  let rules: DeclarativeNetRequest.Rule[] = [];
  Object.assign(fakeBrowser.declarativeNetRequest, {
    getDynamicRules: async () => structuredClone(rules),
    updateDynamicRules: async ({ removeRuleIds = [], addRules = [] }: DeclarativeNetRequest.UpdateDynamicRulesOptionsType) => {
      rules = [...rules.filter((rule) => !removeRuleIds.includes(rule.id)), ...addRules];
    },
  });
}

// Also before any test file's imports run: importing the worker's entry starts it at once.
installDynamicRules();

beforeEach(() => {
  fakeBrowser.reset();
  installDynamicRules();
});
