/**
 * The footer's three layouts (spec 2 and 9, R-FOOT-07): full above 1280 px, the mini collapse
 * layout between 1024 and 1280 px, and the phone layout below 1024 px. The layout changes the
 * markup (columns or collapsible sections), not only the styles, so it is read from matchMedia.
 */
import { useSyncExternalStore } from 'react';
import { BREAKPOINT_COMPACT_HEADER_PX, BREAKPOINT_DRAWER_FULL_PX } from '../../../shared/constants';

export type FooterLayout = 'full' | 'mini' | 'phone';

const FULL_QUERY = `(min-width: ${BREAKPOINT_COMPACT_HEADER_PX}px)`;
const MINI_QUERY = `(min-width: ${BREAKPOINT_DRAWER_FULL_PX}px)`;

function footerLayoutNow(): FooterLayout {
  if (window.matchMedia(FULL_QUERY).matches) return 'full';
  return window.matchMedia(MINI_QUERY).matches ? 'mini' : 'phone';
}

function subscribe(listener: () => void): () => void {
  const lists = [window.matchMedia(FULL_QUERY), window.matchMedia(MINI_QUERY)];
  for (const list of lists) list.addEventListener('change', listener);
  return () => {
    for (const list of lists) list.removeEventListener('change', listener);
  };
}

export function useFooterLayout(): FooterLayout {
  return useSyncExternalStore(subscribe, footerLayoutNow);
}
