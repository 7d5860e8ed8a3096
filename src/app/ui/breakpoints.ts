/**
 * The breakpoints of spec 9 in one list, for scripts (CSS writes the same numbers in its media
 * queries: tokens.css lists them). `below(name)` is the media query of the screens narrower than
 * a breakpoint.
 */
import { BREAKPOINT_COMPACT_HEADER_PX, BREAKPOINT_DRAWER_FULL_PX, BREAKPOINT_LANGUAGE_CLICK_PX } from '../../shared/constants';

export const BREAKPOINTS = {
  /** Phones: the language list opens on click, layouts stack. */
  phone: BREAKPOINT_LANGUAGE_CLICK_PX,
  /** Tablets: drawers fill the screen; the footer's mini layout. */
  tablet: BREAKPOINT_DRAWER_FULL_PX,
  /** The compact header below it. */
  desktop: BREAKPOINT_COMPACT_HEADER_PX,
} as const;

export type BreakpointName = keyof typeof BREAKPOINTS;

export function below(name: BreakpointName): string {
  return `(max-width: ${BREAKPOINTS[name] - 1}px)`;
}
