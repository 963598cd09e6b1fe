// @vitest-environment jsdom
/**
 * A windowed list in a page (src/listing-view/use-row-window.ts): the rows rendered follow its
 * scroll, once a frame, and a scroll made by code (a row focused from the keyboard) slices it at
 * once. jsdom lays nothing out: the list has the default viewport, and its scrollTop is set here.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useRef } from 'preact/hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_VIEWPORT_HEIGHT, OVERSCAN_ROWS, useRowWindow, useScrollWindow } from '../../../src/listing-view/use-row-window.ts';

afterEach(cleanup);

const ROW = 30;

/** 1,000 rows of ROW px, windowed: each rendered row says its number. */
function List() {
  const ref = useRef<HTMLDivElement>(null);
  const window = useRowWindow(ref, 1000, ROW);
  return (
    <div ref={ref} data-testid="list">
      <div style={{ height: `${window.before}px` }} />
      {Array.from({ length: window.end - window.start }, (_, offset) => (
        <p key={window.start + offset}>{`row ${window.start + offset}`}</p>
      ))}
      <div style={{ height: `${window.after}px` }} />
    </div>
  );
}

const shown = () => screen.getAllByText(/^row /).map((row) => Number(row.textContent!.slice(4)));

describe('useRowWindow', () => {
  it('renders the rows of the default viewport and the overscan, then those the list is scrolled to, in the next frame', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    render(<List />);
    expect(shown()).toEqual(Array.from({ length: DEFAULT_VIEWPORT_HEIGHT / ROW + OVERSCAN_ROWS }, (_, index) => index));

    const list = screen.getByTestId('list');
    list.scrollTop = 300 * ROW;
    fireEvent.scroll(list);
    fireEvent.scroll(list);
    // Not before the frame, and once for both scroll events.
    expect(shown()[0]).toBe(0);
    expect(frames).toHaveLength(1);
    await act(() => frames.shift()!(0));
    expect(shown()[0]).toBe(300 - OVERSCAN_ROWS);
    expect(shown().at(-1)).toBe(300 + DEFAULT_VIEWPORT_HEIGHT / ROW + OVERSCAN_ROWS - 1);
    vi.restoreAllMocks();
  });
});

/** A list that shows the position it is sliced for (steps of 200 px), and how often it rendered. */
function Anchored({ onReady, frames }: { onReady: (scrollTo: (top: number) => void) => void; frames: string[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const { anchor, scrollTo } = useScrollWindow(ref, 200, { frame: () => frames.push('frame') });
  onReady(scrollTo);
  frames.push(`render ${anchor}`);
  return <div ref={ref} data-testid="anchored" />;
}

describe('useScrollWindow', () => {
  it('slices a list scrolled by code at once, and one the user scrolls in the next frame, only when it crosses a step', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const told: string[] = [];
    let scrollTo: (top: number) => void = () => undefined;
    render(<Anchored onReady={(set) => (scrollTo = set)} frames={told} />);
    const list = screen.getByTestId('anchored');
    await act(() => scrollTo(450));
    expect(list.scrollTop).toBe(450);
    expect(told).toEqual(['render 0', 'render 400']);
    // Within the step: the frame is told, nothing renders.
    list.scrollTop = 599;
    fireEvent.scroll(list);
    await act(() => frames.shift()!(0));
    expect(told).toEqual(['render 0', 'render 400', 'frame']);
    list.scrollTop = 600;
    fireEvent.scroll(list);
    await act(() => frames.shift()!(0));
    expect(told).toEqual(['render 0', 'render 400', 'frame', 'frame', 'render 600']);
    vi.restoreAllMocks();
  });
});
