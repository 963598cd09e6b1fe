/**
 * The sharing preview's reads (access-reads.ts): one readAccess per document, at most
 * ACCESS_READS_PER_HOST on their way per host, each recorded as it answers; forget() drops what is
 * queued and what answers late.
 */
import { describe, expect, test } from 'vitest';
import { accessKeyOf, ACCESS_READS_PER_HOST, ACCESS_READS_SHOWN_EVERY_MS, createAccessReads } from '../../../../src/bulk/share/access-reads.ts';
import { workspaceKeyOf, type PickedDocument } from '../../../../src/bulk/documents/picked-document.ts';
import type { Reply } from '../../../../src/shared/protocol/messages.ts';
import type { AccessResource } from '../../../../src/shared/protocol/sharing.ts';

const picked = (host: string, id: string): PickedDocument => ({
  account: 'a1',
  orgId: 5,
  siteUrl: `https://${host}`,
  siteName: host,
  workspaceId: 1,
  workspaceKey: workspaceKeyOf(`https://${host}`, 1),
  workspaceName: 'Home',
  document: { id, urlId: id, name: id, access: 'owners', isPinned: false, updatedAt: '2026-01-01T00:00:00.000Z' },
});

/** A readAccess whose answers the test gives, one by one; it notes how many are on their way per host. */
function heldReads() {
  const waiting: Array<{ resource: AccessResource; answer: () => void }> = [];
  const inFlight = new Map<string, number>();
  let most = 0;
  let calls = 0;
  const readAccess = (resource: AccessResource) =>
    new Promise<Reply<'readAccess'>>((resolve) => {
      calls += 1;
      const host = new URL(resource.siteUrl).host;
      inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
      most = Math.max(most, inFlight.get(host)!);
      waiting.push({
        resource,
        answer: () => {
          inFlight.set(host, inFlight.get(host)! - 1);
          resolve({ ok: true, value: { resource, account: 'a1', ownEmail: null, canChange: true, onlySelf: false, people: [], publicRole: null } });
        },
      });
    });
  return { readAccess, waiting, most: () => most, calls: () => calls };
}

/** Lets the answers given so far be shown (they gather for ACCESS_READS_SHOWN_EVERY_MS). */
const settle = () => new Promise((resolve) => setTimeout(resolve, ACCESS_READS_SHOWN_EVERY_MS + 5));

describe('the sharing preview’s reads', () => {
  test('each document once, at most ACCESS_READS_PER_HOST at once per host, each recorded as it answers', async () => {
    const held = heldReads();
    const reads = createAccessReads(held.readAccess);
    const documents = [...Array.from({ length: 5 }, (_, index) => picked('a.example.com', `a${index}`)), picked('b.example.com', 'b0')];
    reads.readAll(documents);
    reads.readAll(documents);
    await settle();
    expect(held.waiting.map(({ resource }) => (resource.kind === 'document' ? resource.docId : ''))).toEqual(['a0', 'a1', 'b0']);
    expect(reads.reads.value.get(accessKeyOf(documents[0]!))).toEqual({ state: 'reading' });
    while (held.waiting.length > 0) {
      held.waiting.shift()!.answer();
      await settle();
    }
    expect(held.most()).toBe(ACCESS_READS_PER_HOST);
    expect([...reads.reads.value.values()].map((read) => read.state)).toEqual(Array(6).fill('read'));
  });

  test('answers that come close together are shown at once: one change of the reads for many answers', async () => {
    const held = heldReads();
    const reads = createAccessReads(held.readAccess);
    reads.readAll(Array.from({ length: 2 }, (_, index) => picked('a.example.com', `a${index}`)));
    await settle();
    let changes = 0;
    const stop = reads.reads.subscribe(() => (changes += 1));
    changes = 0;
    held.waiting.shift()!.answer();
    held.waiting.shift()!.answer();
    await settle();
    stop();
    expect(changes).toBe(1);
    expect([...reads.reads.value.values()].map((read) => read.state)).toEqual(['read', 'read']);
  });

  test('forget(): what is queued is not sent, and a read that answers afterwards is not recorded', async () => {
    const held = heldReads();
    const reads = createAccessReads(held.readAccess);
    reads.readAll(Array.from({ length: 4 }, (_, index) => picked('a.example.com', `a${index}`)));
    await settle();
    reads.forget();
    held.waiting.shift()!.answer();
    await settle();
    expect(reads.reads.value.size).toBe(0);
    while (held.waiting.length > 0) {
      held.waiting.shift()!.answer();
      await settle();
    }
    // The two on their way when forgotten; the two queued never left.
    expect(held.calls()).toBe(2);
    expect(reads.reads.value.size).toBe(0);
  });
});
