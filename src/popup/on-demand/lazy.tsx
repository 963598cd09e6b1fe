/**
 * The popup's parts most opens never show, as components whose code loads when first shown: all
 * of them in one chunk (on-demand.ts), loaded once for every part, with the changes they ask for
 * (changes/load-changes.ts), by the first that is shown, by `loadParts()` ahead (when the popup is
 * idle), or by a view that needs one before it asks the store (withParts: a rename's field).
 */
import { createElement, type ComponentProps, type ComponentType, type FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { loadChanges } from '../changes/load-changes.ts';
import { loadSummary } from '../sync/load-summary.ts';

type OnDemand = typeof import('./on-demand.ts');
/** The components of the on-demand chunk, by name. */
type Parts = { [K in keyof OnDemand as OnDemand[K] extends ComponentType<never> ? K : never]: OnDemand[K] };

let parts: OnDemand | undefined;
let loading: Promise<OnDemand> | undefined;
/**
 * The on-demand chunk, loaded if need be (once), with the popup's changes (a part shown may ask for
 * one, which then runs in the same task as its key) and the sentence a refresh ends with: all the
 * code a popup loads when idle (main.tsx).
 */
export const loadParts = () => (loading ??= Promise.all([import('./on-demand.ts'), loadChanges(), loadSummary()]).then(([module]) => (parts = module)));
/** The on-demand chunk if loaded already: what needs it then runs in the same task, not a later one. */
export const loadedParts = () => parts;

/** Runs `run` once the on-demand parts are loaded: in the same task when they are already. */
export function withParts(run: () => void): void {
  if (parts) run();
  else void loadParts().then(run);
}

/**
 * Component `name` of the on-demand chunk: renders nothing until the chunk is loaded, then the
 * component with its props; at once when it is loaded already.
 */
export function onDemand<K extends keyof Parts>(name: K): FunctionComponent<ComponentProps<Parts[K]>> {
  return function OnDemand(props) {
    const [, setLoaded] = useState(false);
    // Rendered without it: loaded since (ahead), or still loading, it is rendered once there.
    const missing = !parts;
    useEffect(() => {
      if (!missing) return;
      let shown = true;
      void loadParts().then(() => shown && setLoaded(true));
      return () => {
        shown = false;
      };
    }, []);
    return parts ? createElement(parts[name] as ComponentType<ComponentProps<Parts[K]>>, props) : null;
  };
}
