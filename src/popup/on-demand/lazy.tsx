/**
 * The popup's parts most opens never show, as components whose code loads when first shown. A view
 * declares each part it shows, `onDemand(() => import('…').then((module) => module.Part))`: the
 * view imports its part, this loader imports no view. A part loads with the changes it may ask for (changes/load-changes.ts)
 * and the sentence a refresh ends with (sync/load-summary.ts): by the first render that shows it,
 * by `loadParts()` ahead of time (every part declared, when the popup is idle: main.tsx), or by a
 * view that needs it before it asks the store (`withPart`: a rename's field). The build puts every
 * part's code in one chunk (vite.config.ts, `onDemandChunk`), so the first part loaded fetches
 * them all.
 */
import { createElement, type ComponentType, type FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { loadChanges } from '../changes/load-changes.ts';
import { loadSummary } from '../sync/load-summary.ts';

/** Code loaded on demand: once, and known to be there. */
interface Loadable {
  /** Loads the part's code (once), with the changes and the refresh's sentence. */
  load(): Promise<unknown>;
  /** The component if loaded already: what needs it then runs in the same task, not a later one. */
  loaded(): unknown;
}

/** A component shown on demand: renders nothing until its code is loaded, then the component itself. */
export type OnDemandPart<P> = FunctionComponent<P> & Loadable & { loaded(): ComponentType<P> | undefined };

/** Every part the views declared, which `loadParts` loads ahead. */
const declared: Loadable[] = [];

/**
 * Every part declared (by the views the popup imported), loaded if need be (once each): all the
 * code a popup loads when idle (main.tsx). Out: settles once all are loaded.
 */
export const loadParts = (): Promise<unknown> => Promise.all(declared.map((part) => part.load()));

/** Runs `run` once `part` is loaded: in the same task when it is already. */
export function withPart(part: Loadable, run: () => void): void {
  if (part.loaded()) run();
  else void part.load().then(run);
}

/**
 * The component `load` imports, shown on demand (see the module comment): at once
 * when its code is loaded already, otherwise once it is.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemandPart<P> {
  let component: ComponentType<P> | undefined;
  let loading: Promise<unknown> | undefined;
  const loadPart = () =>
    (loading ??= Promise.all([load().then((loaded) => (component = loaded)), loadChanges(), loadSummary()]));

  function OnDemand(props: P) {
    const [, setLoaded] = useState(false);
    // Rendered without it: loaded since (ahead), or still loading, it is rendered once there.
    const missing = !component;
    useEffect(() => {
      if (!missing) return;
      let shown = true;
      void loadPart().then(() => shown && setLoaded(true));
      return () => {
        shown = false;
      };
    }, []);
    return component ? createElement(component, props) : null;
  }
  const part = Object.assign(OnDemand, { load: loadPart, loaded: () => component });
  declared.push(part);
  return part;
}
