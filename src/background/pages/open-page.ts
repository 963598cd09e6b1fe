/** Stand-in for part W's open-page.ts (plan-52.md "Cross-part functions"): the merge replaces it. */
import type { DocumentKey } from '../../shared/protocol/messages.ts';
import type { OpenedPage } from '../../shared/protocol/pages.ts';

export type PageTab = 'new-tab' | 'background-tab' | 'current-tab';

export async function openPage(_name: DocumentKey, _viewRef: number, _tab: PageTab): Promise<OpenedPage> {
  throw new Error('part W');
}
