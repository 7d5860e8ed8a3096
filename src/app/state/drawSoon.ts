/**
 * Draws an update in a task after the one that brought it, with the other updates asked for
 * meanwhile: a hub push (a quote round, the index prices, the status) or a book update from the
 * socket is handled in its message's task, and the renders it starts run together in the next
 * one, after a tap or a keystroke that is already waiting (issue 14). The app runs on Preact's
 * compat layer (vite.config.ts), which renders an update at once where React sliced a transition.
 */
const pending = new Set<() => void>();

export function drawSoon(update: () => void): void {
  if (pending.size === 0) {
    setTimeout(() => {
      const updates = [...pending];
      pending.clear();
      for (const run of updates) run();
    }, 0);
  }
  pending.add(update);
}
