/**
 * A suspended part is tried again after the effects of the render that suspended it have run, as
 * React does, not in the microtask after its promise settles, as Preact's compat layer does.
 *
 * Why: TanStack Router's match component throws the router's current transaction while the match
 * it was given is pending, and that promise stays settled once the transaction is over. A match
 * component mounted while a load is in flight (the first render, which waits at most a second
 * for the first load; a page opened by a link) subscribes to its match in a passive effect, which
 * Preact runs after the next frame. When the load ended before that frame, compat's Suspense
 * drew the pending frame, the settled promise woke it in a microtask, the match component threw
 * the same settled promise again with the same stale match, and so on: a loop of microtasks that
 * never let the frame, the effect that would have brought the loaded match, or anything else run.
 * The tab hung for good, #root empty or showing "Loading" (seen with ten tabs on a busy machine;
 * tests/unit/app/layout/routePending.test.tsx makes it happen every time).
 *
 * React flushes pending passive effects before it renders again, so the match component there has
 * subscribed, and sees the loaded match, before the retry. Here the retry waits for the next frame
 * (or RETRY_FRAME_WAIT_MS without one, as Preact's own effects do) and then a task, which comes
 * after the effects Preact queued for that frame earlier. A part that suspends for a chunk or a
 * load is shown at most a frame later than before.
 *
 * The hook is compat's own (options._catchError, `__e` in Preact's build): compat's Suspense reads
 * the thrown promise there, and this wrapper hands it one that settles later.
 */
import { options } from 'preact';
import { afterNextPaint } from './ui/afterPaint';
// compat installs its Suspense hook when it is first imported; this module wraps that hook.
import 'react';

/** As Preact waits for a frame before it runs passive effects (hooks: RAF_TIMEOUT). */
export const RETRY_FRAME_WAIT_MS = 35;

type CatchError = (error: unknown, vnode: unknown, oldVNode: unknown, errorInfo: unknown) => void;

interface CompatHooks {
  __e?: CatchError;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/**
 * Settles after `thrown` does and after the effects queued before it settled: after the next paint,
 * or RETRY_FRAME_WAIT_MS without one (a hidden tab), and then one more task, since Preact's own
 * wait of that length queues its effects in a task too.
 */
function afterEffects(thrown: PromiseLike<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const later = () => afterNextPaint(() => setTimeout(resolve, 0), RETRY_FRAME_WAIT_MS);
    thrown.then(later, later);
  });
}

let installed = false;

/** Installs the wrapper once, over compat's Suspense hook. */
export function retrySuspenseAfterEffects(): void {
  const hooks = options as unknown as CompatHooks;
  const catchError = hooks.__e;
  if (installed || !catchError) return;
  installed = true;
  hooks.__e = (error, vnode, oldVNode, errorInfo) => catchError(isThenable(error) ? afterEffects(error) : error, vnode, oldVNode, errorInfo);
}
