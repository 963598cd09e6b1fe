/**
 * What a connection check of an account comes to, as the line shown in its group: after Save
 * (the saved key and personal site, as the popup will use them) and after Test connection.
 */
import { t, tCount } from '../shared/i18n.ts';
import type { Reply } from '../shared/protocol/messages.ts';
import type { StatusMessage } from './action-runner.ts';

/**
 * The line for Save's check of a saved account. In: the check's reply and the personal site it
 * checked. "Saved." alone would say nothing of a wrong key or a mistyped port: a failure is a warning.
 */
export function savedCheckMessage(reply: Reply<'testConnection'>, personalSiteUrl: string): StatusMessage {
  if (reply.ok) {
    const { userName, userEmail, siteCount } = reply.value;
    return { tone: 'success', text: t('savedConnected', userName, userEmail, countSites(siteCount)) };
  }
  switch (reply.error.kind) {
    case 'auth':
      return { tone: 'warning', text: t('savedKeyRefused') };
    case 'network':
    case 'timeout':
      return { tone: 'warning', text: t('savedHostSilent', new URL(personalSiteUrl).host) };
    default:
      return { tone: 'warning', text: t('savedBut', reply.error.message) };
  }
}

/** The line for a Test connection that worked: who the key belongs to and how many sites it sees. */
export function connectedMessage({ userName, userEmail, siteCount }: { userName: string; userEmail: string; siteCount: number }): StatusMessage {
  return { tone: 'success', text: t('connectedAs', userName, userEmail, countSites(siteCount)) };
}

/** "3 sites", "1 site". */
function countSites(count: number): string {
  return tCount('siteCount', count);
}
