/**
 * Unit and component tests run outside an extension, where webextension-polyfill refuses to load.
 * Every test file gets @webext-core/fake-browser instead: an in-memory `browser` (storage, runtime
 * messaging...), reset before each test. APIs it does not implement are stubbed per test.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { beforeEach, vi } from 'vitest';

vi.mock('webextension-polyfill', () => ({ default: fakeBrowser }));

beforeEach(() => {
  fakeBrowser.reset();
});
