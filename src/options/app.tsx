/**
 * The options page's view. It renders the store and calls its actions; the only thing it decides
 * itself is where keyboard focus goes after an action.
 */
import type { TargetedEvent } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { BULK_RENAME_PAGE } from '../shared/bulk-page.ts';
import { t } from '../shared/i18n.ts';
import { HistoryView } from '../history/history-view.tsx';
import { Field } from './field.tsx';
import { describeHostPattern, type OptionsStore } from './store.ts';

export interface OptionsAppProps {
  store: OptionsStore;
}

/**
 * The whole options page: hosts the browser has not granted, API key, site addresses, Save,
 * Test connection and the status line.
 */
export function OptionsApp({ store }: OptionsAppProps) {
  useEffect(() => {
    const watching = new AbortController();
    store.watchHostPermissions(watching.signal);
    void store.load();
    return () => watching.abort();
  }, [store]);

  const status = store.status.value;
  return (
    <main>
      <h1>{t('optionsTitle')}</h1>
      <p class="intro">{t('optionsIntro')}</p>
      {store.loaded.value ? <SettingsForm store={store} /> : <p>{t('loadingSettings')}</p>}
      {/* Always in the page: screen readers announce changes only in a live region that already exists. */}
      <p role="status" aria-live="polite" class={status ? `status status-${status.tone}` : 'status'}>
        {status?.text}
      </p>
      <section class="bulk-section" aria-labelledby="bulk-heading">
        <h2 id="bulk-heading">{t('bulkTitle')}</h2>
        <p class="hint">{t('bulkOpenIntro')}</p>
        {/* A link: the page opens in a tab of its own, as links do, with no browser API. */}
        <a class="button-link" href={`/${BULK_RENAME_PAGE}`} target="_blank">
          {t('bulkTitle')}
        </a>
      </section>
      <section class="history-section" aria-labelledby="history-heading">
        <h2 id="history-heading">{t('renameHistory')}</h2>
        <HistoryView store={store.history} />
      </section>
    </main>
  );
}

/**
 * The hosts the saved key is not sent to, each with its "Use the saved key for <host>" button.
 * `onConfirmed` runs after a confirmation, once its button is gone.
 */
function KeyConfirmation({ store, onConfirmed }: OptionsAppProps & { onConfirmed: () => void }) {
  return (
    <div class="key-confirmation">
      <p>{t('keyNotConfirmed')}</p>
      <ul>
        {store.keyNotConfirmedFor.value.map((origin) => (
          <li key={origin}>
            <button type="button" onClick={() => void store.confirmKey(origin).then(onConfirmed)}>
              {t('useSavedKeyFor', new URL(origin).host)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SettingsForm({ store }: OptionsAppProps) {
  const keyInput = useRef<HTMLInputElement>(null);
  const personalInput = useRef<HTMLInputElement>(null);
  const teamInput = useRef<HTMLTextAreaElement>(null);

  /** Takes focus to the first field that needs correcting, so keyboard users land on the problem. */
  function focusFirstError(): void {
    if (store.personalSiteUrlError.value) personalInput.current?.focus();
    else if (store.teamSiteUrlsError.value) teamInput.current?.focus();
  }

  function onSubmit(event: Event): void {
    event.preventDefault();
    // store.save() asks for host permissions synchronously, inside this event: keep it first.
    void store.save().then(focusFirstError);
  }

  function onTest(): void {
    // Only the personal site is checked here; a team box error left from an earlier Save is not news.
    void store.testConnection().then(() => {
      if (store.personalSiteUrlError.value) personalInput.current?.focus();
    });
  }

  function onGrant(): void {
    // store.grantHosts() asks the browser synchronously, inside this click: keep it first.
    void store.grantHosts().then(() => {
      // The notice (and its focused button) goes once all is granted; focus moves on to what
      // followed it, not to the top of the page.
      if (store.ungrantedHosts.value.length === 0 && !document.activeElement?.closest('form')) keyInput.current?.focus();
    });
  }

  function onKeyConfirmed(): void {
    // The pressed button is gone with its host; focus would fall to the page's top.
    if (!document.activeElement?.closest('form')) keyInput.current?.focus();
  }

  function onRemoveKey(): void {
    // The button disappears with the key; put focus where a new key would go instead of losing it.
    void store.removeKey().then(() => {
      if (!store.hasApiKey.value) keyInput.current?.focus();
    });
  }

  const keyVisible = store.keyVisible.value;
  const keyInputProps = {
    ref: keyInput,
    value: store.apiKey.value,
    onInput: (event: TargetedEvent<HTMLInputElement>) => store.setApiKey(event.currentTarget.value),
    autocomplete: 'off',
    spellcheck: false,
  };
  const ungranted = store.ungrantedHosts.value;
  return (
    <>
      {ungranted.length > 0 ? (
        <div class="notice" role="group" aria-labelledby="host-access-text">
          <p id="host-access-text">{t('hostsNotGranted')}</p>
          <ul>
            {ungranted.map((origin) => (
              <li key={origin}>{describeHostPattern(origin)}</li>
            ))}
          </ul>
          <button type="button" onClick={onGrant}>
            {t('grantAccess')}
          </button>
        </div>
      ) : null}
      <form noValidate onSubmit={onSubmit}>
        <Field
          id="api-key"
          label={t('apiKey')}
          hint={
            <>
              {store.hasApiKey.value ? <p class="key-saved">{t('keySaved')}</p> : null}
              <p>{t('keyHint')}</p>
              {store.hasApiKey.value && store.keyNotConfirmedFor.value.length > 0 ? (
                <KeyConfirmation store={store} onConfirmed={onKeyConfirmed} />
              ) : null}
            </>
          }
        >
          {(control) => (
            <div class="key-row">
              {/* Two branches because Preact's types tie each input type to its attributes; the same
                  slot keeps the same DOM element, so focus and caret survive the switch. */}
              {keyVisible ? (
                <input {...control} {...keyInputProps} type="text" />
              ) : (
                <input {...control} {...keyInputProps} type="password" />
              )}
              <button type="button" aria-pressed={keyVisible} aria-controls="api-key" onClick={store.toggleKeyVisible}>
                {keyVisible ? t('hideKey') : t('showKey')}
              </button>
              {store.hasApiKey.value ? (
                <button type="button" onClick={onRemoveKey}>
                  {t('removeKey')}
                </button>
              ) : null}
            </div>
          )}
        </Field>

        <Field
          id="personal-site-url"
          label={t('personalSiteUrl')}
          error={store.personalSiteUrlError.value}
          hint={<p>{t('personalSiteUrlHint')}</p>}
        >
          {(control) => (
            <input
              {...control}
              ref={personalInput}
              type="text"
              inputMode="url"
              value={store.personalSiteUrl.value}
              onInput={(event) => store.setPersonalSiteUrl(event.currentTarget.value)}
              autocomplete="off"
              spellcheck={false}
            />
          )}
        </Field>

        <Field
          id="team-site-urls"
          label={t('teamSiteUrls')}
          error={store.teamSiteUrlsError.value}
          hint={<p>{t('teamSiteUrlsHint')}</p>}
        >
          {(control) => (
            <textarea
              {...control}
              ref={teamInput}
              rows={4}
              value={store.teamSiteUrls.value}
              onInput={(event) => store.setTeamSiteUrls(event.currentTarget.value)}
              autocomplete="off"
              spellcheck={false}
            />
          )}
        </Field>

        <div class="actions">
          <button type="submit">{t('save')}</button>
          <button type="button" onClick={onTest}>
            {t('testConnection')}
          </button>
        </div>
      </form>
    </>
  );
}
