/**
 * What a row of the Trash view says of what it holds: its name (from Grist: text, in its own
 * direction), what else tells it apart (a document's workspace, or that it is a workspace and how
 * many documents went with it), and when it was removed (the exact time as its tooltip).
 */
import type { ComponentChildren } from 'preact';
import { t } from '../../shared/i18n.ts';
import { exactTime, timeAgo } from '../../page-shared/relative-time.ts';

export function TrashName({ name, detail, removedAt }: { name: string; detail: ComponentChildren; removedAt: string }) {
  const removed = timeAgo(removedAt);
  return (
    <p class="trash-name">
      <bdi dir="auto" title={name}>
        {name}
      </bdi>
      <span class="quiet">
        {' · '}
        {detail}
        {removed ? (
          <>
            {' · '}
            <time dateTime={removedAt} title={exactTime(removedAt)}>
              {t('removedWhen', removed)}
            </time>
          </>
        ) : null}
      </span>
    </p>
  );
}
