/**
 * The popup-notice rules of spec sections 4 and 9 as pure functions: the day number a showing is
 * recorded under (the popup day key: the UTC year, month and day of a moment shifted by an offset
 * in minutes), and which notice, if any, the home page shows now. The app passes the device's
 * offset, so a mode-2 notice comes back after the user's own midnight, not London's.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Spec 4: 1 shows once ever, 2 again on a later day, 3 every time. */
export const POPUP_MODE = { once: 1, daily: 2, always: 3 } as const;

/** The fields of a notice the rules read (spec 3, Popup notice). */
export interface PopupCandidate {
  id: number;
  popupMode: number;
  /** The window in ms since the epoch, both ends included. */
  popupFrom: number;
  popupTo: number;
}

/** What the device remembers of a notice it showed. */
export interface PopupShowing {
  noticeId: number;
  /** The popup day number of the last showing. */
  dayNumber: number;
}

/**
 * The popup day number of a moment: days since 1970-01-01 of the UTC calendar date the moment
 * falls on once shifted by `offsetMinutes` (UTC+8 is 480). Consecutive days differ by one, so
 * "older than today" is a plain comparison.
 */
export function popupDayNumber(epochMs: number, offsetMinutes = 0): number {
  const shifted = new Date(epochMs + offsetMinutes * MINUTE_MS);
  return Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()) / DAY_MS;
}

/** Whether a notice's window contains the moment (R-STATE-04). */
export function isInPopupWindow(notice: PopupCandidate, epochMs: number): boolean {
  return notice.popupFrom <= epochMs && epochMs <= notice.popupTo;
}

/** Whether a notice should show today given its last showing, by its mode alone (R-STATE-03). */
export function popupModeAllows(popupMode: number, lastShowing: PopupShowing | undefined, today: number): boolean {
  switch (popupMode) {
    case POPUP_MODE.once:
      return lastShowing === undefined;
    case POPUP_MODE.daily:
      return lastShowing === undefined || lastShowing.dayNumber < today;
    case POPUP_MODE.always:
      return true;
    default:
      // A mode the spec does not name never pops up: showing it could not be undone.
      return false;
  }
}

/**
 * The notice to show now: the first, in the given order, that is inside its window and that its
 * mode allows (R-STATE-03, R-STATE-04); null when none. Only one is chosen: the caller shows it
 * and records it under `popupDayNumber` of the same moment.
 */
export function selectPopupNotice<T extends PopupCandidate>(
  notices: readonly T[],
  showings: readonly PopupShowing[],
  epochMs: number,
  offsetMinutes = 0,
): T | null {
  const today = popupDayNumber(epochMs, offsetMinutes);
  const lastShowingById = new Map(showings.map((showing) => [showing.noticeId, showing]));
  for (const notice of notices) {
    if (isInPopupWindow(notice, epochMs) && popupModeAllows(notice.popupMode, lastShowingById.get(notice.id), today)) return notice;
  }
  return null;
}
