/**
 * Whether the browser has painted the page once since the component mounted. A part that may
 * wait (a chart and its library) renders only then, so that its script is not fetched, and its
 * work not done, before the page's first paint: the pair, price and book of the exchange show
 * without waiting for the chart library (issue 14). A tab in the background paints nothing, so
 * such a part waits until the tab is shown.
 */
import { useEffect, useState } from 'react';
import { afterNextPaint } from './afterPaint';

export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}
