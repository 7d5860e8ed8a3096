// @vitest-environment happy-dom
// A part drawn some painted frames after it is mounted (issue 14: the parts a phone's first screen
// needs least come in tasks of their own): its fallback until then, the part after the frames,
// and without frames (a background tab) after STAGE_FRAME_WAIT_MS each.
import { act } from 'preact/test-utils';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AfterFrames } from '../../../../src/app/ui/AfterFrames';
import { STAGE_FRAME_WAIT_MS } from '../../../../src/app/ui/useStages';
import { holdFrames } from '../../../helpers/frames';

/** Paints a frame: runs every callback waiting for it, then the tasks after its paint. */
async function paint(frames: FrameRequestCallback[]): Promise<void> {
  const waiting = frames.splice(0);
  expect(waiting.length).toBeGreaterThan(0);
  act(() => {
    for (const frame of waiting) frame(performance.now());
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('AfterFrames', () => {
  it('shows the fallback until the given number of frames is painted, then the part', async () => {
    const frames = holdFrames();
    const container = document.createElement('div');
    const root = createRoot(container);
    act(() =>
      root.render(
        <>
          <b>first</b>
          <AfterFrames frames={1}>
            <i>second</i>
          </AfterFrames>
          <AfterFrames frames={2} fallback={<s>waiting</s>}>
            <u>third</u>
          </AfterFrames>
        </>,
      ),
    );
    expect(container.innerHTML).toBe('<b>first</b><s>waiting</s>');
    await paint(frames);
    expect(container.innerHTML).toBe('<b>first</b><i>second</i><s>waiting</s>');
    // Each part waits for its own frames: one frame later, the third.
    await paint(frames);
    expect(container.innerHTML).toBe('<b>first</b><i>second</i><u>third</u>');
    expect(frames).toHaveLength(0);
    act(() => root.unmount());
  });

  it('draws the part without frames after STAGE_FRAME_WAIT_MS a frame (a tab in the background)', () => {
    holdFrames();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const container = document.createElement('div');
    const root = createRoot(container);
    act(() =>
      root.render(
        <AfterFrames frames={2}>
          <i>part</i>
        </AfterFrames>,
      ),
    );
    act(() => {
      vi.advanceTimersByTime(STAGE_FRAME_WAIT_MS);
    });
    expect(container.innerHTML).toBe('');
    act(() => {
      vi.advanceTimersByTime(STAGE_FRAME_WAIT_MS);
    });
    expect(container.innerHTML).toBe('<i>part</i>');
    act(() => root.unmount());
  });
});
