/**
 * The popup's undo key: Ctrl+Z (Cmd+Z on macOS), by key or by place for layouts whose Z key types
 * another letter; not held down (its repeats would send the undo again once the first settled), and
 * not in a text field, whose own undo it is. The status line's offer (undo-offer.tsx) and the People
 * view's removal (people-view.tsx) listen for it.
 */

/** True for a key event in a place that has its own undo (a text field). */
function inTextField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement);
}

/** True when `event` asks the popup to undo its last change (see the module comment). */
export function isUndoKey(event: KeyboardEvent): boolean {
  const isZ = event.key.toLowerCase() === 'z' || event.code === 'KeyZ';
  if (!isZ || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return false;
  return !event.repeat && !inTextField(event.target);
}
