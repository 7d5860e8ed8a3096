/**
 * How many of a view's parts to draw yet: one at the first render, then one more after each
 * frame the browser paints, up to `count`. The app runs on Preact's compat layer (vite.config.ts),
 * which renders an update in one task where React sliced a transition; a page drawn at once was
 * one long task of 150 ms and more on a phone's CPU, and the largest text of its first screen
 * waited for all of it (issue 14: total blocking time, largest contentful paint). In parts, the
 * first screen paints first and each further part is a task of its own, with the browser free to
 * handle a tap and to paint between them.
 */
import { useEffect, useState } from 'react';
import { afterNextPaint } from './afterPaint';

/**
 * Past this wait the next part is drawn even without a frame: a tab opened in the background
 * paints none until it is shown, and its page should be whole by then.
 */
export const STAGE_FRAME_WAIT_MS = 100;

export function useStages(count: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= count) return undefined;
    return afterNextPaint(() => setShown((current) => current + 1), STAGE_FRAME_WAIT_MS);
  }, [shown, count]);
  return Math.min(shown, count);
}
