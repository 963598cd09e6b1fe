/**
 * The options page does one thing at a time (a Save while an account is being removed would save
 * it again): every action of the page and of its accounts goes through one runner, which announces
 * it in the status line of the page or of the account it concerns.
 */
import { signal, type ReadonlySignal, type Signal } from '@preact/signals';

/** A line for a status region (the page's, or an account's). */
export interface StatusMessage {
  /** `warning`: done, but it will not work as it stands (a saved key Grist refuses, say). */
  tone: 'progress' | 'success' | 'warning' | 'error';
  text: string;
}

/** What the page is waiting for, if anything. */
export type BusyAction = 'saving' | 'testing' | 'removing' | 'removing-account' | 'granting' | 'confirming';

export interface ActionRunner {
  readonly busy: ReadonlySignal<BusyAction | null>;
  /**
   * Runs `work` unless an action is under way (it then does nothing), showing `progress` in
   * `status` while it lasts. An exception `work` throws ends in `status` as an error.
   */
  run(action: BusyAction, status: Signal<StatusMessage | null>, progress: string, work: () => Promise<void>): Promise<void>;
}

/** Creates the page's one runner. */
export function createActionRunner(): ActionRunner {
  const busy = signal<BusyAction | null>(null);
  return {
    busy,
    async run(action, status, progress, work) {
      if (busy.value) return;
      busy.value = action;
      status.value = { tone: 'progress', text: progress };
      try {
        await work();
      } catch (error) {
        // The backend answers errors as values; this is a bug, but the page must not stay "Saving…".
        status.value = { tone: 'error', text: error instanceof Error ? error.message : String(error) };
      } finally {
        busy.value = null;
      }
    },
  };
}
