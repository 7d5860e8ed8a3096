/**
 * Frames a test paints itself: requestAnimationFrame only queues its callbacks in the returned
 * list, for the test to run when it says a frame is painted (vi.restoreAllMocks undoes it).
 */
import { vi } from 'vitest';

export function holdFrames(): FrameRequestCallback[] {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
  return frames;
}
