/** Components whose code loads when first shown, not with every popup. */
import { createElement, type ComponentProps, type ComponentType, type FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * A component that renders nothing until `load` has given the real one (once, for every use),
 * then renders that with its props. For parts of the popup most opens never show. `preload()`
 * loads it ahead; once loaded, it renders at once.
 */
export function lazy<P extends object>(load: () => Promise<ComponentType<P>>): FunctionComponent<P> & { preload: () => Promise<unknown> } {
  let component: ComponentType<P> | undefined;
  let loading: Promise<unknown> | undefined;
  const preload = () => (loading ??= load().then((loaded) => (component = loaded)));
  function Lazy(props: P) {
    const [, setLoaded] = useState(false);
    // Rendered without it: loaded since (a preload), or still loading, it is rendered once there.
    const missing = !component;
    useEffect(() => {
      if (!missing) return;
      let shown = true;
      void preload().then(() => shown && setLoaded(true));
      return () => {
        shown = false;
      };
    }, []);
    return component ? createElement(component, props) : null;
  }
  return Object.assign(Lazy, { preload });
}

type OnDemand = typeof import('./on-demand.ts');
/** The components of the popup's on-demand chunk, by name. */
type Parts = { [K in keyof OnDemand as OnDemand[K] extends ComponentType<never> ? K : never]: OnDemand[K] };

/** Component `name` of the popup's on-demand chunk (on-demand.ts), as a lazy component (see lazy). */
export function onDemand<K extends keyof Parts>(name: K) {
  return lazy<ComponentProps<Parts[K]>>(() => import('./on-demand.ts').then((module) => module[name] as ComponentType<ComponentProps<Parts[K]>>));
}
