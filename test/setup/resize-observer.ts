/**
 * jsdom lays nothing out and has no ResizeObserver. For every test file with a page, one that
 * never reports stands in: the popup's list then keeps its default viewport (results-list.tsx),
 * as it does in a browser until the first layout.
 */
if (typeof window !== 'undefined' && !('ResizeObserver' in globalThis)) {
  Object.assign(globalThis, {
    ResizeObserver: class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    },
  });
}
