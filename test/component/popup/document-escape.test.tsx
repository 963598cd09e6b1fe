// @vitest-environment jsdom
/**
 * popup/panels/document-escape.ts: Escape leaves a view as soon as the view is on screen, not once
 * Preact gets round to its effects (up to a frame later): a user, or a test, that presses Escape as
 * the Share panel appears must not find it ignored.
 */
import { render } from 'preact';
import { afterEach, expect, test, vi } from 'vitest';
import { useDocumentEscape } from '../../../src/popup/panels/document-escape.ts';

function View({ leave }: { leave: () => void }) {
  useDocumentEscape(leave);
  return <section aria-label="A view">shown</section>;
}

const root = document.createElement('div');
document.body.append(root);
afterEach(() => render(null, root));

test('Escape pressed right after the view is drawn leaves it', () => {
  const leave = vi.fn();
  render(<View leave={leave} />, root);
  expect(root.textContent).toBe('shown');
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
  expect(leave).toHaveBeenCalledTimes(1);
});
