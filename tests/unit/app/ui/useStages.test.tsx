// @vitest-environment happy-dom
// A page drawn in parts (issue 14: no long task, and the first screen's largest text first): the
// first part with the mounting render, each further part right after a frame is painted (not
// within the frame's own callback), never more parts than it has; a tab that paints no frame
// still gets its parts, after STAGE_FRAME_WAIT_MS each; nothing is drawn once the view is gone.
import { act } from 'preact/test-utils';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STAGE_FRAME_WAIT_MS, useStages } from '../../../../src/app/ui/useStages';
import { holdFrames } from '../../../helpers/frames';

const drawn: number[] = [];

function View({ count }: { count: number }) {
  const stage = useStages(count);
  drawn.push(stage);
  return <span>{stage}</span>;
}

/** Runs the oldest waiting frame's callback (just before its paint), then the task after the paint. */
async function paint(frames: FrameRequestCallback[]): Promise<void> {
  const frame = frames.shift();
  expect(frame).toBeDefined();
  act(() => frame!(performance.now()));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useStages', () => {
  it('draws the first part at once and one more after each painted frame, up to the count', async () => {
    drawn.length = 0;
    const frames = holdFrames();
    const container = document.createElement('div');
    const root = createRoot(container);
    act(() => root.render(<View count={3} />));
    expect(container.textContent).toBe('1');
    expect(frames).toHaveLength(1);
    // Within the frame's callback, before its paint: still the first part.
    act(() => frames[0]!(performance.now()));
    expect(container.textContent).toBe('1');
    frames.shift();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(container.textContent).toBe('2');
    await paint(frames);
    expect(container.textContent).toBe('3');
    // The last part asks for no further frame.
    expect(frames).toHaveLength(0);
    expect(drawn).toEqual([1, 2, 3]);
    act(() => root.unmount());
  });

  it('draws the next part without a frame after STAGE_FRAME_WAIT_MS (a tab in the background)', async () => {
    drawn.length = 0;
    holdFrames();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const container = document.createElement('div');
    const root = createRoot(container);
    act(() => root.render(<View count={2} />));
    act(() => {
      vi.advanceTimersByTime(STAGE_FRAME_WAIT_MS - 1);
    });
    expect(container.textContent).toBe('1');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(container.textContent).toBe('2');
    act(() => root.unmount());
  });

  it('draws a single part once, and stops when the view is gone', async () => {
    drawn.length = 0;
    const frames = holdFrames();
    const container = document.createElement('div');
    const root = createRoot(container);
    act(() => root.render(<View count={1} />));
    expect(frames).toHaveLength(0);
    act(() => root.render(<View count={4} />));
    expect(frames).toHaveLength(1);
    act(() => root.unmount());
    act(() => frames[0]!(performance.now()));
    await act(() => new Promise((resolve) => setTimeout(resolve, STAGE_FRAME_WAIT_MS + 20)));
    expect(drawn).toEqual([1, 1]);
  });
});
