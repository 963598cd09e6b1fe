/**
 * One Grist account's group of the options form: API key, Personal site URL, Team site URLs, Test
 * connection, Remove account and the group's status line, in a fieldset named by its legend.
 */
import type { TargetedEvent } from 'preact';
import { useRef } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import { accountLegend, type AccountStore } from './account-store.ts';
import { Field } from './field.tsx';
import { KeyConfirmation } from './key-confirmation.tsx';
import { StatusLine } from './status-line.tsx';

/** The ids of account `number`'s fields (1-based), unique in the page, for labels and for focus. */
export function accountFieldIds(number: number) {
  // Account 1 keeps the ids the page had before it had accounts (the Firefox end-to-end test waits for #api-key).
  const suffix = number === 1 ? '' : `-${number}`;
  return {
    apiKey: `api-key${suffix}`,
    personalSiteUrl: `personal-site-url${suffix}`,
    teamSiteUrls: `team-site-urls${suffix}`,
  };
}

/** What an account's group shows and does. */
export interface AccountFieldsetProps {
  account: AccountStore;
  /** Its place in the page, from 1: its legend until it has connected, and its fields' ids. */
  number: number;
  /** Remove account; absent: no such button (the only account). */
  onRemove?: () => void;
}

/** Renders one account's group from its store; its legend names it as accountLegend does. */
export function AccountFieldset({ account, number, onRemove }: AccountFieldsetProps) {
  const ids = accountFieldIds(number);
  const keyInput = useRef<HTMLInputElement>(null);
  const personalInput = useRef<HTMLInputElement>(null);

  function onTest(): void {
    // Only the personal site is checked here; a team box error left from an earlier Save is not news.
    void account.testConnection().then(() => {
      if (account.personalSiteUrlError.value) personalInput.current?.focus();
    });
  }

  function onKeyConfirmed(): void {
    // The pressed button is gone with its host; focus would fall to the page's top.
    if (!document.activeElement?.closest('form')) keyInput.current?.focus();
  }

  function onRemoveKey(): void {
    // The button disappears with the key; put focus where a new key would go instead of losing it.
    void account.removeKey().then(() => {
      if (!account.hasApiKey.value) keyInput.current?.focus();
    });
  }

  const hasApiKey = account.hasApiKey.value;
  const keyVisible = account.keyVisible.value;
  const keyInputProps = {
    ref: keyInput,
    value: account.apiKey.value,
    onInput: (event: TargetedEvent<HTMLInputElement>) => account.setApiKey(event.currentTarget.value),
    autocomplete: 'off',
    spellcheck: false,
  };
  return (
    <fieldset class="account">
      <legend>{accountLegend(account, number)}</legend>
      <Field
        id={ids.apiKey}
        label={t('apiKey')}
        error={account.apiKeyError.value}
        hint={
          <>
            {hasApiKey ? <p class="key-saved">{t('keySaved')}</p> : null}
            <p>{t('keyHint')}</p>
            {hasApiKey && account.keyNotConfirmedFor.value.length > 0 ? <KeyConfirmation account={account} onConfirmed={onKeyConfirmed} /> : null}
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
            <button type="button" aria-pressed={keyVisible} aria-controls={ids.apiKey} onClick={account.toggleKeyVisible}>
              {keyVisible ? t('hideKey') : t('showKey')}
            </button>
            {hasApiKey ? (
              <button type="button" onClick={onRemoveKey}>
                {t('removeKey')}
              </button>
            ) : null}
          </div>
        )}
      </Field>

      <Field
        id={ids.personalSiteUrl}
        label={t('personalSiteUrl')}
        error={account.personalSiteUrlError.value}
        hint={<p>{t('personalSiteUrlHint')}</p>}
      >
        {(control) => (
          <input
            {...control}
            ref={personalInput}
            type="text"
            inputMode="url"
            value={account.personalSiteUrl.value}
            onInput={(event) => account.setPersonalSiteUrl(event.currentTarget.value)}
            autocomplete="off"
            spellcheck={false}
          />
        )}
      </Field>

      <Field id={ids.teamSiteUrls} label={t('teamSiteUrls')} error={account.teamSiteUrlsError.value} hint={<p>{t('teamSiteUrlsHint')}</p>}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={account.teamSiteUrls.value}
            onInput={(event) => account.setTeamSiteUrls(event.currentTarget.value)}
            autocomplete="off"
            spellcheck={false}
          />
        )}
      </Field>

      <div class="actions">
        <button type="button" onClick={onTest}>
          {t('testConnection')}
        </button>
        {onRemove ? (
          <button type="button" onClick={onRemove}>
            {t('removeAccount')}
          </button>
        ) : null}
      </div>
      <StatusLine status={account.status.value} />
    </fieldset>
  );
}
