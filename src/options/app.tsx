/**
 * The options page's view. It renders the store and calls its actions; the only thing it decides
 * itself is where keyboard focus goes after an action.
 */
import { useEffect } from 'preact/hooks';
import { BULK_CHANGES_PAGE } from '../page-shared/bulk-page.ts';
import { t, tCount } from '../shared/i18n.ts';
import { MAX_ACCOUNTS } from '../shared/protocol/messages.ts';
import { HistoryView } from '../history/history-view.tsx';
import { AccountFieldset, accountFieldIds } from './account-fieldset.tsx';
import type { AccountStore } from './account-store.ts';
import { useFocusAfterChange } from './focus-after-change.ts';
import { HostAccessNotice } from './host-access-notice.tsx';
import { StatusLine } from './status-line.tsx';
import type { OptionsStore } from './store.ts';

export interface OptionsAppProps {
  store: OptionsStore;
}

/**
 * The whole options page: hosts the browser has not granted, a group per Grist account, Add
 * another Grist account, Save and the page's status line, then Bulk changes and the history.
 */
export function OptionsApp({ store }: OptionsAppProps) {
  useEffect(() => {
    const watching = new AbortController();
    store.watchHostPermissions(watching.signal);
    void store.load();
    return () => watching.abort();
  }, [store]);

  return (
    <main>
      <h1>{t('optionsTitle')}</h1>
      <p class="intro">{t('optionsIntro')}</p>
      {store.loaded.value ? <SettingsForm store={store} /> : <p>{t('loadingSettings')}</p>}
      <StatusLine status={store.status.value} />
      <section class="bulk-section" aria-labelledby="bulk-heading">
        <h2 id="bulk-heading">{t('bulkTitle')}</h2>
        <p class="hint">{t('bulkOpenIntro')}</p>
        {/* A link: the page opens in a tab of its own, as links do, with no browser API. */}
        <a class="button-link" href={`/${BULK_CHANGES_PAGE}`} target="_blank">
          {t('bulkTitle')}
        </a>
      </section>
      <section class="history-section" aria-labelledby="history-heading">
        <h2 id="history-heading">{t('historyTitle')}</h2>
        <HistoryView store={store.history} />
      </section>
    </main>
  );
}

function SettingsForm({ store }: OptionsAppProps) {
  const accounts = store.accounts.value;
  const focusAfterChange = useFocusAfterChange(accounts);
  const firstKeyId = accountFieldIds(1).apiKey;

  /** Takes focus to the first field that needs correcting, so keyboard users land on the problem. */
  function focusFirstError(): void {
    store.accounts.value.some((account, index) => {
      const ids = accountFieldIds(index + 1);
      const id = account.apiKeyError.value
        ? ids.apiKey
        : account.personalSiteUrlError.value
          ? ids.personalSiteUrl
          : account.teamSiteUrlsError.value
            ? ids.teamSiteUrls
            : null;
      if (id) document.getElementById(id)?.focus();
      return id !== null;
    });
  }

  function onSubmit(event: Event): void {
    event.preventDefault();
    // store.save() asks for host permissions synchronously, inside this event: keep it first.
    void store.save().then(focusFirstError);
  }

  function onGrant(): void {
    // store.grantHosts() asks the browser synchronously, inside this click: keep it first.
    void store.grantHosts().then(() => {
      // The notice (and its focused button) goes once all is granted; focus moves on to what
      // followed it, not to the top of the page.
      if (store.ungrantedHosts.value.length === 0 && !document.activeElement?.closest('form')) document.getElementById(firstKeyId)?.focus();
    });
  }

  function onAdd(): void {
    // The new group's first field: where its account starts.
    focusAfterChange(accountFieldIds(accounts.length + 1).apiKey);
    store.addAccount();
  }

  function onRemove(account: AccountStore, index: number): void {
    // The group goes with the pressed button: focus goes to the group before it (or the new first one).
    focusAfterChange(accountFieldIds(Math.max(1, index)).apiKey);
    void store.removeAccount(account).then((removed) => {
      if (!removed) focusAfterChange(null);
    });
  }

  const canAdd = store.canAddAccount.value;
  const canRemove = store.canRemoveAccount.value;
  return (
    <>
      <HostAccessNotice hosts={store.ungrantedHosts.value} onGrant={onGrant} />
      <form noValidate onSubmit={onSubmit}>
        {accounts.map((account, index) => (
          <AccountFieldset
            key={account.key}
            account={account}
            number={index + 1}
            {...(canRemove ? { onRemove: () => onRemove(account, index) } : {})}
          />
        ))}
        <div class="add-account">
          <button type="button" disabled={!canAdd} aria-describedby={canAdd ? undefined : 'add-account-note'} onClick={onAdd}>
            {t('addAccount')}
          </button>
          {canAdd ? null : (
            <p id="add-account-note" class="hint">
              {tCount('errorTooManyAccounts', MAX_ACCOUNTS)}
            </p>
          )}
        </div>
        <div class="actions">
          <button type="submit">{t('save')}</button>
        </div>
      </form>
    </>
  );
}
