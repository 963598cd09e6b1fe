// Code run inside the browser by page.evaluate / worker.evaluate uses the extension's `chrome`.
declare const chrome: {
  runtime: {
    sendMessage(message: unknown): Promise<unknown>;
    getManifest(): { version: string; commands?: Record<string, { suggested_key?: { default?: string } }> };
    connect(info: { name: string }): {
      onMessage: { addListener(listener: (message: never) => void): void };
      postMessage?(message: unknown): void;
      onDisconnect: { addListener(listener: () => void): void };
      disconnect(): void;
    };
  };
  declarativeNetRequest: { updateDynamicRules(options: { removeRuleIds?: number[] }): Promise<void> };
  tabs: { query(filter: { url?: string }): Promise<{ id?: number }[]> };
  storage: {
    local: {
      remove(keys: string | string[]): Promise<void>;
      get(keys?: unknown): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
      getBytesInUse(keys?: string | string[]): Promise<number>;
    };
    onChanged: { addListener(listener: () => void): void; removeListener(listener: () => void): void };
  };
  i18n: { getUILanguage(): string };
  contextMenus: { update(id: string, properties: { visible?: boolean }): Promise<void> };
};
