// @vitest-environment happy-dom
// A route whose load ends after the first render but before the first frame (a busy machine, ten
// tabs): the page is drawn, where compat's Suspense used to draw the pending frame again in a
// microtask loop that never ended and hung the tab (src/app/suspenseRetry.ts).
import { Link, Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RETRY_FRAME_WAIT_MS, retrySuspenseAfterEffects } from '../../../../src/app/suspenseRetry';
import { holdFrames } from '../../../helpers/frames';

/** This test's own route; the app's route tree is the one the Link type knows. */
const NEXT_PATH = '/next' as never;

/** More renders of a pending frame than a load can need: the loop, stopped so the test can fail. */
const LOOP_RENDERS = 200;

beforeAll(() => {
  retrySuspenseAfterEffects();
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

function deferred(): { promise: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

// Plain timers, not act(): act runs the effects the test is about at its own moment.
function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A pending frame that counts its renders, and stops a loop by throwing. */
function countingPending(): { Pending: () => ReactElement; renders: () => number } {
  let count = 0;
  return {
    Pending() {
      count += 1;
      if (count > LOOP_RENDERS) throw new Error(`the pending frame rendered ${LOOP_RENDERS} times`);
      return <p>Loading</p>;
    },
    renders: () => count,
  };
}

describe('a route load that ends between a render and its first frame', () => {
  it('the first render: the page is drawn, and the pending frame only a few times', async () => {
    holdFrames();
    const { Pending, renders } = countingPending();
    const gate = deferred();
    const root = createRootRoute({ component: () => <Outlet /> });
    const page = createRoute({ getParentRoute: () => root, path: '/', loader: () => gate.promise, pendingComponent: Pending, pendingMs: 0, pendingMinMs: 0, component: () => <main>page</main> });
    const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/'] }) });
    // As main.tsx: the first load starts before the first render, which does not wait for it.
    void router.load();
    await wait(0);
    const container = document.createElement('div');
    document.body.append(container);
    createRoot(container).render(<RouterProvider router={router} />);
    await wait(0);
    expect(container.textContent).toBe('Loading');
    // No frame comes: the load ends before one would.
    gate.release();
    await wait(RETRY_FRAME_WAIT_MS * 4);
    expect(container.textContent).toBe('page');
    expect(renders()).toBeLessThan(5);
  });

  it('a page opened by a link: its match mounts while the load runs, the load ends before the frame', async () => {
    const frames = holdFrames();
    const { Pending, renders } = countingPending();
    const gate = deferred();
    const root = createRootRoute({ component: () => <Outlet /> });
    const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <Link to={NEXT_PATH}>next</Link> });
    const next = createRoute({ getParentRoute: () => root, path: '/next', loader: () => gate.promise, pendingComponent: Pending, pendingMs: 0, pendingMinMs: 0, component: () => <main>next page</main> });
    const router = createRouter({ routeTree: root.addChildren([home, next]), history: createMemoryHistory({ initialEntries: ['/'] }) });
    await router.load();
    const container = document.createElement('div');
    document.body.append(container);
    createRoot(container).render(<RouterProvider router={router} />);
    await wait(RETRY_FRAME_WAIT_MS * 2);
    for (const frame of frames.splice(0)) frame(performance.now());
    await wait(0);
    expect(container.textContent).toBe('next');
    container.querySelector('a')!.click();
    await wait(0);
    gate.release();
    await wait(RETRY_FRAME_WAIT_MS * 4);
    expect(container.textContent).toBe('next page');
    expect(renders()).toBeLessThan(5);
  });
});
