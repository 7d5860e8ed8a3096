/**
 * Draws its children once their place comes near the screen: within half a screen's height of it
 * (IntersectionObserver), which on a desktop is at once for a part just under the first screen,
 * and on a phone when the reader scrolls towards it. Until then an empty box of the part's usual
 * height holds its place, so the page below does not jump when it is drawn. Once drawn, the part
 * stays.
 *
 * For the parts of a long page that a phone's first screen does not show (issue 14): drawing them
 * while the page loads took tasks of 10-20 ms each on a desktop CPU (four times that on the phone
 * Lighthouse models) while the first screen was still taking its data, for parts that many
 * readers never scroll to. A reader who scrolls, tabs or reads through the page with a screen
 * reader moves the page's scroll position towards it first, and the margin leaves the time to
 * draw it before it shows.
 */
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';

/**
 * How near the screen a part is drawn: half a screen's height before it would show, time enough
 * to draw a part of a few tasks while the reader scrolls.
 */
const NEAR_MARGIN = '50% 0px';

interface NearScreenProps {
  children: ReactNode;
  /** Gives the empty box the part's usual height (a min-height per layout). */
  placeholderClassName?: string;
  /**
   * Called once when the reader first scrolls while the part still waits: the moment to fetch a
   * lazy part's code, so that it is there when the part comes near, and not fetched and run while
   * the page loads for a reader who never scrolls.
   */
  prepare?: () => void;
  testId?: string;
}

export function NearScreen({ children, placeholderClassName, prepare, testId }: NearScreenProps) {
  // Without IntersectionObserver (an old browser), everything is drawn at once, as before.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const placeholder = useRef<HTMLDivElement>(null);
  const prepareOnScroll = useEffectEvent(() => prepare?.());
  useEffect(() => {
    const box = placeholder.current;
    if (near || !box) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: NEAR_MARGIN });
    observer.observe(box);
    const onScroll = () => prepareOnScroll();
    window.addEventListener('scroll', onScroll, { once: true, passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, [near]);
  if (near) return <>{children}</>;
  return <div ref={placeholder} className={placeholderClassName} data-testid={testId} data-near-screen="waiting" aria-hidden="true" />;
}
