// @vitest-environment happy-dom
// A part that waits for the first paint (the exchange's chart, issue 14) is not drawn by the
// render that mounts the page, nor by the animation frame before the paint, but right after it.
import { act } from 'preact/test-utils';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePaintedOnce } from '../../../../src/app/ui/usePaintedOnce';

function Part() {
  return <span>{usePaintedOnce() ? 'chart' : 'placeholder'}</span>;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('usePaintedOnce', () => {
  it('is false through the mounting render and the frame before the paint, then true', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const container = document.createElement('div');
    const root = createRoot(container);
    act(() => root.render(<Part />));
    expect(container.textContent).toBe('placeholder');
    expect(frames).toHaveLength(1);

    // The frame's callback runs before its paint: still the placeholder within it.
    act(() => frames[0]!(performance.now()));
    expect(container.textContent).toBe('placeholder');

    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    expect(container.textContent).toBe('chart');
    act(() => root.unmount());
  });

  it('asks for nothing after the component is gone', async () => {
    const cancelled: number[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 7);
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => cancelled.push(id));
    const root = createRoot(document.createElement('div'));
    act(() => root.render(<Part />));
    act(() => root.unmount());
    expect(cancelled).toEqual([7]);
  });
});
