// @vitest-environment jsdom
/** pure.tsx: a component rendered again for a change of its props or of its own state only. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
// As in the popup, where @preact/signals gives every component a shouldComponentUpdate of its own.
import '@preact/signals';
import { useState } from 'preact/hooks';
import { afterEach, expect, test } from 'vitest';
import { pure } from '../../../src/popup/list/pure.tsx';

afterEach(cleanup);

const renders = { label: 0, counter: 0 };
const Label = pure(function Label({ text }: { text: string }) {
  renders.label++;
  return <p>{text}</p>;
});
const Counter = pure(function Counter({ label }: { label: string }) {
  renders.counter++;
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {`${label} ${count}`}
    </button>
  );
});

let setParentState: (value: number) => void = () => undefined;
function Parent({ text }: { text: string }) {
  const [tick, setTick] = useState(0);
  setParentState = setTick;
  return (
    <div data-tick={tick}>
      <Label text={text} />
      <Counter label={text} />
    </div>
  );
}

test('renders again when a prop changes, not when its parent renders with the same props', () => {
  renders.label = renders.counter = 0;
  const { rerender } = render(<Parent text="Clicks" />);
  act(() => setParentState(1));
  rerender(<Parent text="Clicks" />);
  expect(renders).toEqual({ label: 1, counter: 1 });

  rerender(<Parent text="Taps" />);
  expect(screen.getByText('Taps').tagName).toBe('P');
  expect(renders).toEqual({ label: 2, counter: 2 });
});

test('renders again when its own state changes, before and after its props did', () => {
  const { rerender } = render(<Parent text="Clicks" />);
  fireEvent.click(screen.getByRole('button'));
  expect(screen.getByRole('button').textContent).toBe('Clicks 1');
  rerender(<Parent text="Taps" />);
  fireEvent.click(screen.getByRole('button'));
  expect(screen.getByRole('button').textContent).toBe('Taps 2');
});
