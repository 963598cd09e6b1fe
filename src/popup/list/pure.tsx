/**
 * A component rendered again only when one of its props changes (compared with `!==`): the list
 * re-renders on every scroll step and keystroke, and most of its rows stay as they were.
 * (preact/compat's `memo` does the same but brings React compatibility hooks into every render,
 * and, as a wrapper, a second component for each row a keystroke brings.)
 */
import type { Component, FunctionComponent } from 'preact';

/**
 * A component's `shouldComponentUpdate`, which Preact asks of function components too: true when
 * `next` has other keys than the props now, or a value that is not `===` the one now.
 */
function propsChanged<P extends object>(this: Component<P>, next: P): boolean {
  const current = this.props as Record<string, unknown>;
  const keys = Object.keys(next) as Array<keyof P & string>;
  return keys.length !== Object.keys(current).length || keys.some((key) => next[key] !== current[key]);
}

/**
 * In: a function component. Out: the same, skipped when its props are the same as before. It runs
 * `Render` as its own render, so Render's hooks are its own. Render reads no signal's value: the
 * signal's change would not render it again (what it needs comes as props).
 */
export function pure<P extends object>(Render: FunctionComponent<P>): FunctionComponent<P> {
  return function Pure(this: Component<P>, props: P) {
    // Set once: Render's state hooks then wrap it, to render again for a change of their own.
    if (!Object.hasOwn(this, 'shouldComponentUpdate')) this.shouldComponentUpdate = propsChanged;
    return Render.call(this, props);
  };
}
