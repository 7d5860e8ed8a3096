/**
 * Keeps a scrolling list of chat lines at its end while it is there: when lines are added, when
 * they grow (an image that finished loading) and when the list's window shrinks. Scrolled up by
 * the reader, it stays where the reader is.
 */
import { useEffect, useRef, useState } from 'react';

/** How far from the end still counts as at the end (about a line). */
const AT_END_SLACK_PX = 32;

/** The scrolling element and the list inside it take the two refs. */
export function useFollowEnd<S extends HTMLElement, C extends HTMLElement>() {
  const scroller = useRef<S>(null);
  const content = useRef<C>(null);
  const following = useRef(true);
  const [atEnd, setAtEnd] = useState(true);

  const scrollToEnd = () => {
    const element = scroller.current;
    if (!element) return;
    following.current = true;
    element.scrollTop = element.scrollHeight;
  };

  useEffect(() => {
    const list = content.current;
    if (!list) return undefined;
    const observer = new ResizeObserver(() => {
      const element = scroller.current;
      if (element && following.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(list);
    // The window onto the lines shrinks too (the emoticon picker opens, a keyboard shows).
    if (scroller.current) observer.observe(scroller.current);
    return () => observer.disconnect();
  }, []);

  // Only the reader turns following off, by scrolling up: a scroll event that finds the end
  // moved away because the lines grew (an image loaded) brings the list back to its end.
  const lastScrollTop = useRef(0);
  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const nowAtEnd = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_END_SLACK_PX;
    if (nowAtEnd) following.current = true;
    else if (element.scrollTop < lastScrollTop.current) following.current = false;
    lastScrollTop.current = element.scrollTop;
    if (following.current && !nowAtEnd) element.scrollTop = element.scrollHeight;
    setAtEnd(following.current);
  };

  return { scroller, content, atEnd, onScroll, scrollToEnd };
}
