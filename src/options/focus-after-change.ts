/** Moving keyboard focus to an element that a change of the page puts there (a new group, say). */
import { useLayoutEffect, useRef } from 'preact/hooks';

/**
 * A hook: answers `focusAfterChange(id)`, to call just before changing `value` (the accounts'
 * list); the element with that id gets focus once the component has rendered a new value.
 * `focusAfterChange(null)` takes it back, when the change did not happen. Keyed on the value, not
 * on any render: other renders (a status line, say) may come before the change.
 */
export function useFocusAfterChange(value: unknown): (id: string | null) => void {
  const pending = useRef<{ id: string; before: unknown } | null>(null);
  useLayoutEffect(() => {
    const request = pending.current;
    // The value asked about has not changed yet (an effect of an earlier render runs late).
    if (request === null || request.before === value) return;
    pending.current = null;
    document.getElementById(request.id)?.focus();
  }, [value]);
  return (id) => {
    pending.current = id === null ? null : { id, before: value };
  };
}
