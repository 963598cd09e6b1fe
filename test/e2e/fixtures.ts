/** Shared set-up of an e2e file: one fake Grist server and one browser with the extension, for all its tests. */
import { afterAll, beforeAll } from 'vitest';
import { startFakeGrist, type FakeGrist, type FakeGristOptions } from '../fake-grist/server.ts';
import { loadExtension, type LoadedExtension, type LoadOptions } from './extension.ts';

export interface GristAndExtension {
  grist: FakeGrist;
  extension: LoadedExtension;
}

/**
 * Starts both before the file's tests and stops both after them.
 * In: the fake's options (made lazily, e.g. to generate a certificate), and Chromium switches
 * that may depend on the fake's port, and what the browser is given beyond the shipped extension
 * (LoadOptions: the downloads permission and folder; made when the browser starts). Out: an object whose fields are set once the tests run.
 */
export function useGristAndExtension(
  gristOptions: () => Promise<FakeGristOptions> | FakeGristOptions,
  chromiumArgs: (grist: FakeGrist) => string[] = () => [],
  loadOptions: () => LoadOptions = () => ({}),
): GristAndExtension {
  const handles = {} as GristAndExtension;
  beforeAll(async () => {
    handles.grist = await startFakeGrist(await gristOptions());
    handles.extension = await loadExtension(chromiumArgs(handles.grist), {}, loadOptions());
  });
  afterAll(async () => {
    await handles.extension?.close();
    await handles.grist?.close();
  });
  return handles;
}
