/** The hosts an account's saved key is not sent to, each with its "Use the saved key for <host>" button. */
import { t } from '../shared/i18n.ts';
import type { AccountStore } from './account-store.ts';

/** The account whose hosts are named, and what follows a confirmation. */
export interface KeyConfirmationProps {
  account: AccountStore;
  /** Runs after a confirmation, once its button is gone. */
  onConfirmed: () => void;
}

/** Renders the account's unconfirmed hosts (its store's keyNotConfirmedFor), each with its button. */
export function KeyConfirmation({ account, onConfirmed }: KeyConfirmationProps) {
  return (
    <div class="key-confirmation">
      <p>{t('keyNotConfirmed')}</p>
      <ul>
        {account.keyNotConfirmedFor.value.map((origin) => (
          <li key={origin}>
            <button type="button" onClick={() => void account.confirmKey(origin).then(onConfirmed)}>
              {t('useSavedKeyFor', new URL(origin).host)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
