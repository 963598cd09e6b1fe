/** The notice of the saved sites' hosts the browser has not granted, with its Grant access button. */
import { t } from '../shared/i18n.ts';
import { describeHostPattern } from './host-permissions.ts';

/** The hosts to name, and what Grant access does. */
export interface HostAccessNoticeProps {
  /** The host patterns not granted (`https://host/*`); the notice shows none when empty. */
  hosts: readonly string[];
  onGrant: () => void;
}

/** Renders the notice, or nothing when every host is granted. */
export function HostAccessNotice({ hosts, onGrant }: HostAccessNoticeProps) {
  if (hosts.length === 0) return null;
  return (
    <div class="notice" role="group" aria-labelledby="host-access-text">
      <p id="host-access-text">{t('hostsNotGranted')}</p>
      <ul>
        {hosts.map((origin) => (
          <li key={origin}>{describeHostPattern(origin)}</li>
        ))}
      </ul>
      <button type="button" onClick={onGrant}>
        {t('grantAccess')}
      </button>
    </div>
  );
}
