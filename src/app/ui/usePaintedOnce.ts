/**
 * Whether the browser has painted the page once since the component mounted. A part that may
 * wait (a chart and its library) renders only then, so that its script is not fetched, and its
 * work not done, before the page's first paint: the pair, price and book of the exchange show
 * without waiting for the chart library (issue 14). A tab in the background paints nothing, so
 * such a part waits until the tab is shown.
 */
import { useEffect, useState } from 'react';

export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let afterPaint: ReturnType<typeof setTimeout> | undefined;
    // An animation frame runs just before the frame's paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      afterPaint = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (afterPaint !== undefined) clearTimeout(afterPaint);
    };
  }, []);
  return painted;
}
