/**
 * How many of a view's parts to draw yet: one at the first render, then one more in each task
 * after it, up to `count`. The app runs on Preact's compat layer (vite.config.ts), which renders
 * an update in one task where React sliced a transition; a large view under the first screen
 * (home's rankings, top searches and news) drawn at once was one long task of 150 ms on a phone's
 * CPU, blocking a tap meanwhile (issue 14: total blocking time). In parts, each is its own task,
 * and the browser can handle input and paint between them.
 */
import { useEffect, useState } from 'react';

export function useStages(count: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= count) return undefined;
    const next = setTimeout(() => setShown((current) => current + 1), 0);
    return () => clearTimeout(next);
  }, [shown, count]);
  return Math.min(shown, count);
}
