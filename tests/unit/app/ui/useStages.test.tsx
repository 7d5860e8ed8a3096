// @vitest-environment happy-dom
// A large view drawn in parts (issue 14: no long task for home's lower half): the first part with
// the mounting render, each further part in a task of its own, never more parts than it has.
import { act } from 'preact/test-utils';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useStages } from '../../../../src/app/ui/useStages';

const drawn: number[] = [];

function View({ count }: { count: number }) {
  const stage = useStages(count);
  drawn.push(stage);
  return <span>{stage}</span>;
}

/** Runs one task: the timers queued before it, with the renders they start. */
async function nextTask(): Promise<void> {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('useStages', () => {
  it('draws the first part at once and one more part per task, up to the count', async () => {
    drawn.length = 0;
    const container = document.createElement('div');
    const root = createRoot(container);
    act(() => root.render(<View count={3} />));
    expect(container.textContent).toBe('1');
    await nextTask();
    expect(container.textContent).toBe('2');
    await nextTask();
    expect(container.textContent).toBe('3');
    await nextTask();
    await nextTask();
    expect(container.textContent).toBe('3');
    expect(drawn).toEqual([1, 2, 3]);
    act(() => root.unmount());
  });

  it('draws a single part once, and stops when the view is gone', async () => {
    drawn.length = 0;
    const container = document.createElement('div');
    const root = createRoot(container);
    act(() => root.render(<View count={1} />));
    await nextTask();
    expect(drawn).toEqual([1]);
    act(() => root.render(<View count={4} />));
    act(() => root.unmount());
    await nextTask();
    expect(drawn).toEqual([1, 1]);
  });
});
