/**
 * Who has access to each picked document, read for the sharing preview of the Bulk changes page:
 * one `readAccess` message per document (the worker finds it in its listing and reads it with the
 * account that owns it), at most ACCESS_READS_PER_HOST on their way per host, so that each row
 * fills in as its document answers and a change of the selection leaves little queued to drop.
 * What is read stays in this page's memory: other people's emails are never stored.
 */
import { signal, type ReadonlySignal } from '@preact/signals';
import pLimit, { type LimitFunction } from 'p-limit';
import type { Backend } from '../../page-shared/backend-client.ts';
import type { AccessList } from '../../shared/protocol/sharing.ts';
import type { PickedDocument } from '../documents/picked-document.ts';

/** Reads on their way per host at once: the worker's bulk runs' pace (BULK_IN_FLIGHT_PER_HOST). */
export const ACCESS_READS_PER_HOST = 2;

/**
 * How long answers gather before the page shows them, in ms (about a frame): each showing
 * recomputes the whole preview, which at thousands of documents answering one by one would be
 * done thousands of times.
 */
export const ACCESS_READS_SHOWN_EVERY_MS = 16;

/** Where one document's read stands: on its way, answered, or failed with the reason. */
export type AccessRead = { state: 'reading' } | { state: 'read'; access: AccessList } | { state: 'failed'; message: string };

/** A picked document's key among the reads: its site's address (ids are per server) and its id. */
export function accessKeyOf(picked: PickedDocument): string {
  return `${picked.siteUrl} ${picked.document.id}`;
}

/** The reads as the page's store drives them. */
export interface AccessReads {
  /** By accessKeyOf: each document asked for since the last forget(). */
  readonly reads: ReadonlySignal<ReadonlyMap<string, AccessRead>>;
  /** Reads each of `documents` not asked for yet. */
  readAll(documents: readonly PickedDocument[]): void;
  /** Forgets every read; answers still on their way are dropped, queued ones not sent. */
  forget(): void;
}

/** Creates the reads, through `readAccess` (the worker's message). */
export function createAccessReads(readAccess: Backend['readAccess']): AccessReads {
  const reads = signal<ReadonlyMap<string, AccessRead>>(new Map());
  const limits = new Map<string, LimitFunction>();
  /** Bumped by forget(): a read of an older generation neither sends nor records. */
  let generation = 0;
  /** Answers not shown yet (see ACCESS_READS_SHOWN_EVERY_MS), and the timer that shows them. */
  let answered = new Map<string, AccessRead>();
  let showing: ReturnType<typeof setTimeout> | null = null;

  const show = () => {
    showing = null;
    const next = new Map(reads.value);
    for (const [key, read] of answered) next.set(key, read);
    answered = new Map();
    reads.value = next;
  };
  const record = (key: string, read: AccessRead) => {
    answered.set(key, read);
    showing ??= setTimeout(show, ACCESS_READS_SHOWN_EVERY_MS);
  };

  function readOne(picked: PickedDocument, key: string): void {
    const host = new URL(picked.siteUrl).host;
    let limit = limits.get(host);
    if (!limit) limits.set(host, (limit = pLimit(ACCESS_READS_PER_HOST)));
    const asked = generation;
    void limit(async () => {
      if (asked !== generation) return;
      const reply = await readAccess({ kind: 'document', orgId: picked.orgId, siteUrl: picked.siteUrl, docId: picked.document.id });
      if (asked !== generation) return;
      record(key, reply.ok ? { state: 'read', access: reply.value } : { state: 'failed', message: reply.error.message });
    });
  }

  return {
    reads,
    readAll(documents) {
      const asked = documents.filter((picked) => !reads.value.has(accessKeyOf(picked)));
      if (asked.length === 0) return;
      const next = new Map(reads.value);
      for (const picked of asked) next.set(accessKeyOf(picked), { state: 'reading' });
      reads.value = next;
      for (const picked of asked) readOne(picked, accessKeyOf(picked));
    },
    forget() {
      generation += 1;
      if (showing !== null) clearTimeout(showing);
      showing = null;
      answered = new Map();
      reads.value = new Map();
    },
  };
}
