// @vitest-environment jsdom
/** The popup's parts that load when first shown (lazy.tsx). */
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, expect, test } from 'vitest';
import { lazy } from '../../src/popup/lazy.tsx';

afterEach(cleanup);

test('a part rendered before its code loads shows once it has loaded', async () => {
  const Part = lazy(async () => () => <p>Loaded part</p>);
  await act(async () => {
    render(<Part />);
  });
  expect(await screen.findByText('Loaded part')).toBeTruthy();
});

test('a part whose code loads between its first render and the end of that render’s work still shows', async () => {
  const Part = lazy(async () => () => <p>Loaded part</p>);
  await act(async () => {
    render(<Part />);
    // As when the row starts the load as it renders (listing-row.tsx): done before its effects run.
    await Part.preload();
  });
  expect(await screen.findByText('Loaded part')).toBeTruthy();
});
