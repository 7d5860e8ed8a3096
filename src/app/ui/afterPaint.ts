/**
 * Runs `next` in a task after the browser's next paint: an animation-frame callback runs just
 * before a frame is painted, and a timer it sets runs after that paint. A tab in the background
 * paints nothing, so `next` waits until the tab is shown, unless `latestMs` is given: then it runs
 * after that long at the latest, frame or not. Returns a function that cancels it.
 */
export function afterNextPaint(next: () => void, latestMs?: number): () => void {
  let afterFrame: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const run = () => {
    if (done) return;
    cancel();
    next();
  };
  const frame = requestAnimationFrame(() => {
    afterFrame = setTimeout(run, 0);
  });
  const latest = latestMs === undefined ? undefined : setTimeout(run, latestMs);
  function cancel() {
    done = true;
    cancelAnimationFrame(frame);
    if (afterFrame !== undefined) clearTimeout(afterFrame);
    if (latest !== undefined) clearTimeout(latest);
  }
  return cancel;
}
