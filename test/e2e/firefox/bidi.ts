/**
 * A minimal WebDriver BiDi client over the `ws` package: numbered commands, each answered by the
 * message with the same id or failed after a timeout, and event listeners by method name.
 * Enough to drive Firefox, which speaks BiDi natively (no geckodriver).
 */
import WebSocket from 'ws';

export class BidiError extends Error {}

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export class BidiClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(params: unknown) => void>>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => this.onMessage(String(data)));
    socket.on('close', () => this.failAll(new BidiError('BiDi connection closed')));
  }

  /** Connects to `ws://host:port/session`. */
  static async connect(url: string, timeoutMs = 10_000): Promise<BidiClient> {
    const socket = new WebSocket(url, { handshakeTimeout: timeoutMs });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new BidiClient(socket);
  }

  /** Sends a command; resolves with its `result`, rejects with its error or after `timeoutMs`. */
  send<T = Record<string, unknown>>(method: string, params: object = {}, timeoutMs = 15_000): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new BidiError(`${method}: no answer in ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, { resolve: resolve as (result: unknown) => void, reject, timer });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Calls `listener` with the params of every event named `method` (after `session.subscribe`). */
  on(method: string, listener: (params: unknown) => void): () => void {
    let set = this.listeners.get(method);
    if (!set) this.listeners.set(method, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  close(): void {
    this.socket.terminate();
  }

  private onMessage(text: string): void {
    const message = JSON.parse(text) as {
      type: string;
      id?: number;
      result?: unknown;
      error?: string;
      message?: string;
      method?: string;
      params?: unknown;
    };
    if (message.type === 'event' && message.method) {
      for (const listener of this.listeners.get(message.method) ?? []) listener(message.params);
      return;
    }
    const pending = message.id === undefined ? undefined : this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id!);
    clearTimeout(pending.timer);
    if (message.type === 'success') pending.resolve(message.result);
    else pending.reject(new BidiError(`${message.error}: ${message.message}`));
  }

  private failAll(error: Error): void {
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(error);
      this.pending.delete(id);
    }
  }
}
