/**
 * The options page's entry: wires the real backend and browser permissions into the store and
 * renders the page. The only options file that touches the extension API.
 */
import { render } from 'preact';
import { extensionApi as browser } from '../shared/extension-api.ts';
import { backendFor } from '../page-shared/backend-client.ts';
import { t } from '../shared/i18n.ts';
import { openedItem } from '../shared/storage/storage-items.ts';
import { OptionsApp } from './app.tsx';
import { createOptionsStore } from './store.ts';

const store = createOptionsStore({
  backend: backendFor(),
  // Called synchronously from the click, so the click's user gesture holds for the browser's prompt.
  requestHostPermissions: (origins) => browser.permissions.request({ origins }),
  hasHostPermission: (origin) => browser.permissions.contains({ origins: [origin] }),
  watchHostPermissions: (listener, signal) => {
    const onChange = () => listener();
    browser.permissions.onAdded.addListener(onChange);
    browser.permissions.onRemoved.addListener(onChange);
    signal.addEventListener(
      'abort',
      () => {
        browser.permissions.onAdded.removeListener(onChange);
        browser.permissions.onRemoved.removeListener(onChange);
      },
      { once: true },
    );
  },
  // The History's Clear forgets what was opened too: offered when that is all there is.
  readOpened: () => openedItem.get(),
});

// The page is written in English; these follow the language the messages are shown in.
document.documentElement.lang = t('languageCode');
document.title = t('optionsTitle');

const root = document.getElementById('app');
if (!root) throw new Error('The options page has no #app element.');
render(<OptionsApp store={store} />, root);
