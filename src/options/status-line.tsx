/** A status region: the page's, or one account's. */
import type { StatusMessage } from './action-runner.ts';

/**
 * Renders `status` (nothing: an empty line). Always in the page: screen readers announce changes
 * only in a live region that already exists.
 */
export function StatusLine({ status }: { status: StatusMessage | null }) {
  return (
    <p role="status" aria-live="polite" class={status ? `status status-${status.tone}` : 'status'}>
      {status?.text}
    </p>
  );
}
