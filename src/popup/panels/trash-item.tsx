/**
 * The frame every row of the Trash view shares, a document's or a workspace's: what it holds
 * (TrashName), its actions (`children`, as the row's kind and the user's role allow), and the error
 * of its last action, announced where it happened.
 */
import type { ComponentChildren } from 'preact';
import { TrashName } from './trash-name.tsx';

interface TrashItemProps {
  workspace?: boolean;
  name: string;
  detail: ComponentChildren;
  removedAt: string;
  error: string | undefined;
  children: ComponentChildren;
}

/** A row of the Trash view: `name`, `detail` and `removedAt` as TrashName shows them, then `children`, then `error` if any. */
export function TrashItem({ workspace = false, name, detail, removedAt, error, children }: TrashItemProps) {
  return (
    <li class={workspace ? 'trash-document trash-workspace' : 'trash-document'}>
      <TrashName name={name} detail={detail} removedAt={removedAt} />
      {children}
      {error ? (
        <p class="row-error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}
