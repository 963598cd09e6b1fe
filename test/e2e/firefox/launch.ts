/**
 * Starts Debian's Firefox ESR headless in a fresh profile, drives it over WebDriver BiDi and
 * installs the Firefox build (`dist-firefox/`) as a temporary add-on, the way about:debugging does.
 * The profile fixes the add-on's internal UUID, which is the host of its moz-extension:// pages,
 * and sends downloads to a fresh folder of their own with no dialog.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GECKO_ID } from '../../../scripts/firefox-manifest.ts';
import { BidiClient } from './bidi.ts';

export const DIST_FIREFOX = resolve(import.meta.dirname, '../../../dist-firefox');
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** The add-on's internal UUID in the test profile: the host of its pages. */
export const EXTENSION_UUID = '3c1f6a52-7d0e-4b8a-9f21-5e6d4c3b2a10';

const PREFS: Record<string, string | number | boolean> = {
  'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: EXTENSION_UUID }),
  // MV3 host permissions are granted at install (the default, set here so a change is seen).
  'extensions.originControls.grantByDefault': true,
  'extensions.autoDisableScopes': 0,
  'extensions.enabledScopes': 5,
  'extensions.update.enabled': false,
  'extensions.getAddons.cache.enabled': false,
  'extensions.systemAddon.update.enabled': false,
  // This machine has no outside network: keep Firefox from trying.
  'app.update.enabled': false,
  'app.update.auto': false,
  'app.normandy.enabled': false,
  'browser.shell.checkDefaultBrowser': false,
  'browser.startup.homepage_override.mstone': 'ignore',
  'browser.startup.page': 0,
  'browser.newtabpage.enabled': false,
  'browser.aboutwelcome.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'browser.safebrowsing.downloads.enabled': false,
  'browser.safebrowsing.update.enabled': false,
  'browser.search.update': false,
  'browser.ping-centre.telemetry': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'datareporting.healthreport.uploadEnabled': false,
  'toolkit.telemetry.enabled': false,
  'toolkit.telemetry.unified': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'network.dns.disablePrefetch': true,
  'network.prefetch-next': false,
  'services.settings.server': 'http://127.0.0.1:9/',
  'toolkit.startup.max_resumed_crashes': -1,
  'browser.sessionstore.resume_from_crash': false,
};

/**
 * Where downloads go, with no dialog (Firefox ESR 153, checked with `downloads.download` from an
 * extension's background and pages; see docs/develop.md, "Downloads in Firefox"):
 * - `browser.download.dir`: the folder, used when `folderList` is 2;
 * - `browser.download.folderList`: 2 = that folder (0 = the desktop, 1, the default, = the
 *   system's Downloads folder, `$HOME/Downloads` here: the tests must not write there);
 * - `browser.download.useDownloadDir`: true, the default, pinned: false makes a `downloads.download`
 *   without `saveAs` show the save-as file picker, which headless rejects ("An unexpected error
 *   occurred"). `browser.download.always_ask_before_handling_new_types` plays no part: an
 *   extension's download never shows the what-to-do-with-this-file dialog.
 */
function downloadPrefs(dir: string): Record<string, string | number | boolean> {
  return {
    'browser.download.dir': dir,
    'browser.download.folderList': 2,
    'browser.download.useDownloadDir': true,
  };
}

export interface LaunchOptions {
  /**
   * How `permissions.request` (optional permissions, from a trusted click) is answered:
   * - `'grant'` (the default): at once, as a user accepting would; automation cannot click the
   *   prompt otherwise (`extensions.webextOptionalPermissionPrompts` false: Firefox then grants
   *   without showing it);
   * - `'ask'`: Firefox shows its prompt ("Allow" / "Deny") and the request waits until the test
   *   answers it with `answerPermissionPrompt`.
   */
  permissionPrompt?: 'grant' | 'ask';
}

export interface Firefox {
  bidi: BidiClient;
  /**
   * The folder downloads land in (with no dialog), made empty at launch and removed at close.
   * `downloads.download({filename: 'A/B/c.grist'})` writes `<downloadsDir>/A/B/c.grist`.
   */
  downloadsDir: string;
  /** The one tab's browsing context. */
  context: string;
  /** Loads an extension page (`src/popup/index.html`, ...) in the tab. */
  openPage(path: string): Promise<void>;
  /**
   * Runs `fn` in the tab's page (with a user gesture) on JSON arguments; resolves with its
   * JSON-able result, awaited if a promise.
   */
  evaluate<A extends unknown[], T>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>>;
  /** Polls `fn` in the page until it returns a truthy value; resolves with it. */
  waitFor<A extends unknown[], T>(what: string, fn: (...args: A) => T, ...args: A): Promise<Awaited<T>>;
  /**
   * Clicks with the mouse, through `input.performActions`: a trusted click that counts as user
   * input (which `permissions.request` needs; a script's `element.click()` does not do).
   * `find` runs in the page and returns the element.
   */
  click<A extends unknown[]>(find: (...args: A) => Element | null | undefined, ...args: A): Promise<void>;
  /** Presses a key (a WebDriver key value, e.g. `'\uE007'` for Enter) in the focused element. */
  press(key: string): Promise<void>;
  /**
   * With `permissionPrompt: 'ask'`: waits for Firefox's optional-permission prompt on the tab
   * (its doorhanger `addon-webext-permissions`, in the browser window's chrome) and answers it as
   * the user's click on "Allow" (`true`) or "Deny" (`false`) would: `permissions.request` then
   * resolves with that answer. Throws when no prompt shows within 10 s.
   */
  answerPermissionPrompt(allow: boolean): Promise<void>;
  close(): Promise<void>;
}

function waitForBidiUrl(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`Firefox did not start BiDi in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      reject(error);
    }
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`Firefox exited (${code}) before BiDi listened:\n${output}`)));
    child.stderr!.on('data', (chunk: Buffer) => {
      output += String(chunk);
      const match = /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePromise(match[1]!);
      }
    });
  });
}

/** Starts Firefox with the extension installed and one tab to drive. */
export async function launchFirefox(options: LaunchOptions = {}): Promise<Firefox> {
  const profile = await mkdtemp(join(tmpdir(), 'grist-e2e-firefox-'));
  const downloadsDir = await mkdtemp(join(tmpdir(), 'grist-e2e-firefox-downloads-'));
  const prefs = {
    ...PREFS,
    ...downloadPrefs(downloadsDir),
    'extensions.webextOptionalPermissionPrompts': options.permissionPrompt === 'ask',
  };
  const userJs = Object.entries(prefs).map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});\n`);
  await writeFile(join(profile, 'user.js'), userJs.join(''));
  // BiDi refuses to navigate to moz-extension:// pages unless system access is allowed.
  const args = ['--headless', '--remote-debugging-port=0', '--remote-allow-system-access', '--no-remote', '--profile', profile, 'about:blank'];
  const child = spawn(FIREFOX, args, {
    detached: true, // its own process group, killed whole at the end
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1' },
  });
  const exited = new Promise<void>((done) => {
    child.once('exit', () => done());
    child.once('error', () => done()); // never started
  });
  let bidi: BidiClient | undefined;
  async function close() {
    if (bidi) {
      await bidi.send('browser.close', {}, 5_000).catch(() => undefined);
      bidi.close();
    }
    const timer = setTimeout(() => killGroup('SIGKILL'), 5_000);
    killGroup('SIGTERM');
    await exited;
    clearTimeout(timer);
    await rm(profile, { recursive: true, force: true });
    await rm(downloadsDir, { recursive: true, force: true });
  }
  function killGroup(signal: NodeJS.Signals) {
    try {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  }
  try {
    const url = await waitForBidiUrl(child, 20_000);
    bidi = await BidiClient.connect(`${url}/session`);
    await bidi.send('session.new', { capabilities: {} });
    const installed = await bidi.send<{ extension: string }>('webExtension.install', {
      extensionData: { type: 'path', path: DIST_FIREFOX },
    });
    if (installed.extension !== GECKO_ID) throw new Error(`Installed ${installed.extension}, expected ${GECKO_ID}`);
    const tree = await bidi.send<{ contexts: { context: string }[] }>('browsingContext.getTree', { maxDepth: 0 });
    const context = tree.contexts[0]!.context;
    const client = bidi;

    /** Calls the function whose source is `source` in the page, on JSON `args`. */
    async function run<T>(source: string, args: unknown[]): Promise<T> {
      const expression = `Promise.resolve((${source})(...${JSON.stringify(args)})).then((r) => JSON.stringify(r ?? null))`;
      const answer = await client.send<{
        type: string;
        result?: { value?: string };
        exceptionDetails?: { text: string };
      }>('script.evaluate', { expression, target: { context }, awaitPromise: true, userActivation: true });
      if (answer.type !== 'success') throw new Error(`In the page: ${answer.exceptionDetails?.text}`);
      return JSON.parse(answer.result!.value!) as T;
    }
    const evaluate: Firefox['evaluate'] = (fn, ...args) => run(String(fn), args);
    /** Runs `expression` in the browser window's chrome (allowed by `--remote-allow-system-access`). */
    async function inChrome<T>(expression: string): Promise<T> {
      const windows = await client.send<{ contexts: { context: string; url: string }[] }>('browsingContext.getTree', {
        maxDepth: 0,
        'moz:scope': 'chrome',
      });
      const window = windows.contexts.find((candidate) => candidate.url === 'chrome://browser/content/browser.xhtml');
      if (!window) throw new Error('No browser window in the chrome contexts');
      const answer = await client.send<{ type: string; result?: { value?: T }; exceptionDetails?: { text: string } }>(
        'script.evaluate',
        { expression, target: { context: window.context }, awaitPromise: true },
      );
      if (answer.type !== 'success') throw new Error(`In the browser's chrome: ${answer.exceptionDetails?.text}`);
      return answer.result?.value as T;
    }
    return {
      bidi,
      downloadsDir,
      context,
      async openPage(path) {
        await client.send('browsingContext.navigate', {
          context,
          url: `moz-extension://${EXTENSION_UUID}/${path}`,
          wait: 'complete',
        });
      },
      evaluate,
      async waitFor(what, fn, ...args) {
        const deadline = Date.now() + 10_000;
        for (;;) {
          const value = await evaluate(fn, ...args);
          if (value) return value;
          if (Date.now() > deadline) {
            const text = await evaluate(() => document.body.innerText).catch(String);
            throw new Error(`Timed out waiting for ${what}; the page says:\n${text}`);
          }
          await new Promise((done) => setTimeout(done, 100));
        }
      },
      async click(find, ...args) {
        // After the scroll, two frames: Firefox hit-tests pointer input against the scroll position
        // its compositor has, which on a busy machine lags behind the one the script just set.
        const centre = `async (...args) => {
          const element = (${String(find)})(...args);
          if (!element) throw new Error('Nothing to click');
          element.scrollIntoView({ block: 'center' });
          for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
          const box = element.getBoundingClientRect();
          return { x: Math.round(box.left + box.width / 2), y: Math.round(box.top + box.height / 2) };
        }`;
        const { x, y } = await run<{ x: number; y: number }>(centre, args);
        await client.send('input.performActions', {
          context,
          actions: [
            {
              type: 'pointer',
              id: 'mouse',
              parameters: { pointerType: 'mouse' },
              actions: [
                { type: 'pointerMove', x, y },
                { type: 'pointerDown', button: 0 },
                { type: 'pointerUp', button: 0 },
              ],
            },
          ],
        });
      },
      async press(key) {
        await client.send('input.performActions', {
          context,
          actions: [{ type: 'key', id: 'keyboard', actions: [{ type: 'keyDown', value: key }, { type: 'keyUp', value: key }] }],
        });
      },
      async answerPermissionPrompt(allow) {
        // The prompt's buttons run its action's callback, then remove the notification (removal
        // alone would also mean "Deny"): the same here. ExtensionsUI.sys.mjs, showPermissionsPrompt.
        const deadline = Date.now() + 10_000;
        const answer = `(() => {
          const notification = PopupNotifications.getNotification('addon-webext-permissions', gBrowser.selectedBrowser);
          if (!notification) return false;
          (${allow} ? notification.mainAction : notification.secondaryActions[0]).callback();
          PopupNotifications.remove(notification);
          return true;
        })()`;
        while (!(await inChrome<boolean>(answer))) {
          if (Date.now() > deadline) throw new Error('No permission prompt showed in 10 s');
          await new Promise((done) => setTimeout(done, 100));
        }
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
