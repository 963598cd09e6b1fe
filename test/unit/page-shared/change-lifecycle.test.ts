/**
 * The pages' one change lifecycle (src/page-shared/change-lifecycle.ts), with a change made up for
 * the test over one signal: what a page shows at once, after Grist's refusal, after no answer at
 * all, and after Grist confirmed it, and that each answer is shown in one render.
 */
import { effect, signal } from '@preact/signals';
import { describe, expect, test } from 'vitest';
import { runPageChange, type PageChange } from '../../../src/page-shared/change-lifecycle.ts';
import { NO_WORKER_ERROR, type ErrorValue, type Result } from '../../../src/shared/protocol/errors.ts';
import { deferred } from '../../setup/deferred.ts';

const REFUSED: ErrorValue = { kind: 'forbidden', status: 403, message: 'Grist refused: access denied.' };

/** A page showing a name and a problem; its change shows `asked` at once and re-reads the name (`reread`) once settled. */
function page(send: () => Promise<Result<{ stored: string }>>) {
  const context = { backend: { send }, name: signal('Budget'), problem: signal(''), rereads: signal(0) };
  const change: PageChange<typeof context, string, { stored: string }, { before: string }> = {
    onMutate({ name }, asked) {
      const before = name.value;
      name.value = asked;
      return { before };
    },
    send: (backend) => backend.send(),
    onError({ name, problem }, error, _asked, { before }) {
      name.value = before;
      problem.value = error.message;
    },
    onSuccess({ name }, { stored }) {
      name.value = stored;
    },
    onSettled({ rereads }) {
      rereads.value += 1;
    },
  };
  // What the page renders, one entry per render.
  const renders: string[] = [];
  effect(() => void renders.push(`${context.name.value}|${context.problem.value}|${context.rereads.value}`));
  return { context, change, renders };
}

describe('runPageChange', () => {
  test('shows the change in the same task as the call, then what Grist stored, then re-syncs, in one render', async () => {
    const answer = deferred<Result<{ stored: string }>>();
    const { context, change, renders } = page(() => answer.promise);
    const run = runPageChange(context, change, 'Draft ');
    expect(context.name.value).toBe('Draft ');
    answer.resolve({ ok: true, value: { stored: 'Draft' } });
    expect(await run).toEqual({ ok: true, value: { stored: 'Draft' } });
    expect(renders).toEqual(['Budget||0', 'Draft ||0', 'Draft||1']);
  });

  test('a refusal puts back what was shown at once and says why, then re-syncs, in one render', async () => {
    const answer = deferred<Result<{ stored: string }>>();
    const { context, change, renders } = page(() => answer.promise);
    const run = runPageChange(context, change, 'Draft');
    answer.resolve({ ok: false, error: REFUSED });
    expect(await run).toEqual({ ok: false, error: REFUSED });
    expect(renders).toEqual(['Budget||0', 'Draft||0', `Budget|${REFUSED.message}|1`]);
  });

  test('no answer at all (the message rejects) is a refusal in the no-worker words, never a rejection', async () => {
    const { context, change } = page(() => Promise.reject(new Error('Receiving end does not exist.')));
    const reply = await runPageChange(context, change, 'Draft');
    expect(reply).toEqual({ ok: false, error: NO_WORKER_ERROR });
    expect(context.name.value).toBe('Budget');
    expect(context.problem.value).toBe(NO_WORKER_ERROR.message);
    expect(context.rereads.value).toBe(1);
  });
});
