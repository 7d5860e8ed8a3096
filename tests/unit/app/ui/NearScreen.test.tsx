// @vitest-environment happy-dom
// A part drawn when its place comes near the screen (issue 14: no task for what a phone's first
// screen does not show): an empty box holds its place until the observer says it is within the
// margin, then the part is drawn and stays; its code is fetched on the reader's first scroll; the
// observer is given up once it has answered or the view is gone; without IntersectionObserver the
// part is drawn at once.
import { act } from 'preact/test-utils';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NearScreen } from '../../../../src/app/ui/NearScreen';

/** The observers the views made, each with what it watches and whether it was given up. */
interface FakeObserver {
  callback: IntersectionObserverCallback;
  options: IntersectionObserverInit | undefined;
  watched: Element[];
  disconnected: boolean;
}

function fakeObservers(): FakeObserver[] {
  const made: FakeObserver[] = [];
  class Observer {
    private readonly record: FakeObserver;
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, options, watched: [], disconnected: false };
      made.push(this.record);
    }
    observe(element: Element) {
      this.record.watched.push(element);
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  return made;
}

/** The observer reports its element within (or outside) the margin. */
function report(observer: FakeObserver, isIntersecting: boolean): void {
  const target = observer.watched[0]!;
  act(() => observer.callback([{ isIntersecting, target } as IntersectionObserverEntry], observer as unknown as IntersectionObserver));
}

function mount(prepare?: () => void) {
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() =>
    root.render(
      <NearScreen placeholderClassName="holder" prepare={prepare} testId="part">
        <p>drawn</p>
      </NearScreen>,
    ),
  );
  return { container, root };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('NearScreen', () => {
  it('holds the place with an empty box until the place is near the screen, then draws the part for good', () => {
    const observers = fakeObservers();
    const { container, root } = mount();
    const placeholder = container.querySelector('[data-testid="part"]');
    expect(placeholder?.className).toBe('holder');
    expect(placeholder?.getAttribute('data-near-screen')).toBe('waiting');
    expect(placeholder?.getAttribute('aria-hidden')).toBe('true');
    expect(container.textContent).toBe('');
    expect(observers).toHaveLength(1);
    expect(observers[0]!.watched).toEqual([placeholder]);
    expect(observers[0]!.options?.rootMargin).toBe('50% 0px');

    report(observers[0]!, false);
    expect(container.textContent).toBe('');
    report(observers[0]!, true);
    expect(container.textContent).toBe('drawn');
    expect(container.querySelector('[data-near-screen]')).toBeNull();
    expect(observers[0]!.disconnected).toBe(true);
    expect(observers).toHaveLength(1);
    act(() => root.unmount());
  });

  it('prepares the part once, when the reader first scrolls while it waits', () => {
    const observers = fakeObservers();
    const prepare = vi.fn();
    const { root } = mount(prepare);
    expect(prepare).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('scroll'));
    expect(prepare).toHaveBeenCalledTimes(1);
    report(observers[0]!, true);
    window.dispatchEvent(new Event('scroll'));
    expect(prepare).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
  });

  it('gives the observer up when the view is gone before its place came near', () => {
    const observers = fakeObservers();
    const { root } = mount();
    act(() => root.unmount());
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('draws the part at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { container, root } = mount();
    expect(container.textContent).toBe('drawn');
    act(() => root.unmount());
  });
});
