/**
 * Unit and component tests run outside an extension, where webextension-polyfill refuses to load.
 * Every test file gets @webext-core/fake-browser instead: an in-memory `browser` (storage, runtime
 * messaging...), reset before each test. It has no declarativeNetRequest, so an in-memory set of
 * dynamic rules stands in, nor an omnibox (stubbed below); other APIs it lacks are stubbed per test.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import type { DeclarativeNetRequest } from 'webextension-polyfill';
import { beforeEach, vi } from 'vitest';
import en from '../../public/_locales/en/messages.json' with { type: 'json' };
import { getMessageFrom } from './messages.ts';

vi.mock('webextension-polyfill', () => ({ default: fakeBrowser }));
// The pages' extensionApi (shared/extension-api.ts) takes the browser's own `browser` global.
Object.assign(globalThis, { browser: fakeBrowser });

function installDynamicRules(): void {
  let rules: DeclarativeNetRequest.Rule[] = [];
  Object.assign(fakeBrowser.declarativeNetRequest, {
    getDynamicRules: async () => structuredClone(rules),
    updateDynamicRules: async ({ removeRuleIds = [], addRules = [] }: DeclarativeNetRequest.UpdateDynamicRulesOptionsType) => {
      rules = [...rules.filter((rule) => !removeRuleIds.includes(rule.id)), ...addRules];
    },
  });
}

/**
 * fake-browser has no i18n: messages come from the English messages.json (messages.ts fills the
 * placeholders as the browser does), so tests see the English text.
 */
function installMessages(): void {
  Object.assign(fakeBrowser.i18n, {
    getMessage: getMessageFrom(en),
    getUILanguage: () => 'en',
  });
}

/**
 * fake-browser has no omnibox: its events take listeners (the worker's entry adds them) and
 * `setDefaultSuggestion` records nothing; tests that look at it stub it themselves.
 */
function installOmnibox(): void {
  const event = () => ({ addListener: () => undefined, removeListener: () => undefined, hasListener: () => false });
  Object.assign(fakeBrowser, {
    omnibox: { onInputStarted: event(), onInputChanged: event(), onInputEntered: event(), onInputCancelled: event(), setDefaultSuggestion: () => undefined },
  });
}

// Also before any test file's imports run: importing the worker's entry starts it at once.
installDynamicRules();
installMessages();
installOmnibox();

beforeEach(async () => {
  // The worker's cached listing is forgotten as the storage is emptied: a refresh of the test
  // before, whose write is queued a task after its reply (listing-cache.ts storeFetchedListing),
  // would otherwise store that test's listing, its server's addresses, in this test's storage.
  const { forgetListing } = await import('../../src/background/listing/listing-cache.ts');
  await forgetListing();
  fakeBrowser.reset();
  installDynamicRules();
  installMessages();
  installOmnibox();
  // The worker keeps the change log it read or wrote (change-log.ts): forgotten with the storage.
  // Imported here, once the globals above are in place.
  const { forgetChangeLog } = await import('../../src/background/change-log/change-log.ts');
  await forgetChangeLog();
  // And its index of the listing for the access checks, which follows only the worker's own writes.
  const { forgetAccessOwnerIndex } = await import('../../src/background/sharing/access-owner-index.ts');
  forgetAccessOwnerIndex();
});
