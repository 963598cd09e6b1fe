/**
 * A component rendered again only when one of its props changes (compared with `!==`): the list
 * re-renders on every scroll step and keystroke, and most of its rows stay as they were.
 * (preact/compat's `memo` does the same but brings React compatibility hooks into every render.)
 */
import { Component, type FunctionComponent } from 'preact';

/** In: a function component. Out: the same, skipped when its props are the same as before. */
export function pure<P extends object>(Render: FunctionComponent<P>): new (props: P) => Component<P> {
  return class Pure extends Component<P> {
    override shouldComponentUpdate(next: P): boolean {
      const current = this.props as Record<string, unknown>;
      const keys = Object.keys(next) as Array<keyof P & string>;
      return keys.length !== Object.keys(current).length || keys.some((key) => next[key] !== current[key]);
    }

    override render(props: P) {
      return <Render {...props} />;
    }
  };
}
