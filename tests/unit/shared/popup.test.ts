/** Proves the popup-notice rules of spec 4 and 9: the day key, the three modes, the window, and that only the first matching notice is chosen. */
import { describe, expect, it } from 'vitest';
import { isInPopupWindow, popupDayNumber, popupModeAllows, selectPopupNotice, type PopupCandidate } from '../../../src/shared/popup';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** 2025-03-10 12:00 UTC. */
const NOON = Date.UTC(2025, 2, 10, 12);
const TODAY = popupDayNumber(NOON);

function notice(id: number, popupMode: number, window: { from?: number; to?: number } = {}): PopupCandidate {
  return { id, popupMode, popupFrom: window.from ?? NOON - DAY_MS, popupTo: window.to ?? NOON + 30 * DAY_MS };
}

describe('popupDayNumber', () => {
  it('R-STATE-05 counts UTC calendar days since 1970-01-01', () => {
    expect(popupDayNumber(0)).toBe(0);
    expect(popupDayNumber(DAY_MS - 1)).toBe(0);
    expect(popupDayNumber(DAY_MS)).toBe(1);
    expect(popupDayNumber(Date.UTC(2025, 2, 10))).toBe(Date.UTC(2025, 2, 10) / DAY_MS);
    expect(popupDayNumber(Date.UTC(2025, 2, 10, 23, 59, 59, 999))).toBe(popupDayNumber(Date.UTC(2025, 2, 10)));
    expect(popupDayNumber(Date.UTC(2025, 2, 11))).toBe(popupDayNumber(Date.UTC(2025, 2, 10)) + 1);
  });

  it('R-STATE-05 shifts the moment by the offset in minutes before taking the UTC date', () => {
    // 2025-03-10 20:00 UTC is already 2025-03-11 at UTC+8 but still 2025-03-10 at UTC-5.
    const evening = Date.UTC(2025, 2, 10, 20);
    expect(popupDayNumber(evening, 480)).toBe(popupDayNumber(Date.UTC(2025, 2, 11)));
    expect(popupDayNumber(evening, -300)).toBe(popupDayNumber(Date.UTC(2025, 2, 10)));
    // 2025-03-10 02:00 UTC is still 2025-03-09 at UTC-3:30.
    expect(popupDayNumber(Date.UTC(2025, 2, 10, 2), -210)).toBe(popupDayNumber(Date.UTC(2025, 2, 9)));
    expect(popupDayNumber(evening, 0)).toBe(popupDayNumber(evening));
  });

  it('R-STATE-05 turns over at the year and month ends and on 29 February', () => {
    expect(popupDayNumber(Date.UTC(2024, 11, 31, 23), 60)).toBe(popupDayNumber(Date.UTC(2025, 0, 1)));
    expect(popupDayNumber(Date.UTC(2024, 1, 28, 23), 120)).toBe(popupDayNumber(Date.UTC(2024, 1, 29)));
    expect(popupDayNumber(Date.UTC(2024, 2, 1, 0, 30), -60)).toBe(popupDayNumber(Date.UTC(2024, 1, 29)));
  });
});

describe('popup modes', () => {
  it('R-STATE-03 mode 1 shows once ever', () => {
    expect(popupModeAllows(1, undefined, TODAY)).toBe(true);
    expect(popupModeAllows(1, { noticeId: 1, dayNumber: TODAY }, TODAY)).toBe(false);
    expect(popupModeAllows(1, { noticeId: 1, dayNumber: TODAY - 400 }, TODAY)).toBe(false);
  });

  it('R-STATE-03 mode 2 shows again when the stored day number is older than today', () => {
    expect(popupModeAllows(2, undefined, TODAY)).toBe(true);
    expect(popupModeAllows(2, { noticeId: 1, dayNumber: TODAY }, TODAY)).toBe(false);
    expect(popupModeAllows(2, { noticeId: 1, dayNumber: TODAY - 1 }, TODAY)).toBe(true);
    // A record from a clock that ran ahead does not make the notice show early.
    expect(popupModeAllows(2, { noticeId: 1, dayNumber: TODAY + 1 }, TODAY)).toBe(false);
  });

  it('R-STATE-03 mode 3 shows every time', () => {
    expect(popupModeAllows(3, undefined, TODAY)).toBe(true);
    expect(popupModeAllows(3, { noticeId: 1, dayNumber: TODAY }, TODAY)).toBe(true);
  });

  it('R-STATE-03 a mode the spec does not name never shows', () => {
    for (const mode of [0, 4, -1, 1.5]) expect(popupModeAllows(mode, undefined, TODAY), String(mode)).toBe(false);
  });
});

describe('selectPopupNotice', () => {
  it('R-STATE-04 considers only notices inside popupFrom..popupTo, both ends included', () => {
    expect(isInPopupWindow(notice(1, 3, { from: NOON, to: NOON + 1 }), NOON)).toBe(true);
    expect(isInPopupWindow(notice(1, 3, { from: NOON - 1, to: NOON }), NOON)).toBe(true);
    expect(isInPopupWindow(notice(1, 3, { from: NOON + 1, to: NOON + 2 }), NOON)).toBe(false);
    expect(isInPopupWindow(notice(1, 3, { from: NOON - 2, to: NOON - 1 }), NOON)).toBe(false);
    const early = notice(1, 3, { from: NOON + HOUR_MS });
    const late = notice(2, 3, { to: NOON - HOUR_MS });
    const live = notice(3, 3);
    expect(selectPopupNotice([early, late, live], [], NOON)).toBe(live);
    expect(selectPopupNotice([early, late], [], NOON)).toBeNull();
  });

  it('R-STATE-04 picks the first matching notice in the given order, one at a time', () => {
    const first = notice(10, 1);
    const second = notice(11, 2);
    const third = notice(12, 3);
    expect(selectPopupNotice([first, second, third], [], NOON)).toBe(first);
    expect(selectPopupNotice([third, first, second], [], NOON)).toBe(third);
    expect(selectPopupNotice([], [], NOON)).toBeNull();
  });

  it('R-STATE-03 R-STATE-04 R-STATE-05 walks modes 1, 2 and 3 over two days as the home page records each showing', () => {
    const notices = [notice(1, 1), notice(2, 2), notice(3, 3)];
    const showings: { noticeId: number; dayNumber: number }[] = [];
    const visit = (epochMs: number, offsetMinutes = 0) => {
      const chosen = selectPopupNotice(notices, showings, epochMs, offsetMinutes);
      if (chosen) {
        const record = { noticeId: chosen.id, dayNumber: popupDayNumber(epochMs, offsetMinutes) };
        const index = showings.findIndex((showing) => showing.noticeId === chosen.id);
        if (index === -1) showings.push(record);
        else showings[index] = record;
      }
      return chosen?.id ?? null;
    };
    // Day one: the once-ever notice, then the daily one, then the every-time one from then on.
    expect([NOON, NOON + HOUR_MS, NOON + 2 * HOUR_MS, NOON + 3 * HOUR_MS].map((moment) => visit(moment))).toEqual([1, 2, 3, 3]);
    // Day two: the daily notice once more, never the once-ever one.
    const tomorrow = NOON + DAY_MS;
    expect([tomorrow, tomorrow + HOUR_MS].map((moment) => visit(moment))).toEqual([2, 3]);
    // The day turns at the offset's midnight: 23:30 UTC on day two is day three at UTC+1.
    expect(visit(Date.UTC(2025, 2, 11, 23, 30), 0)).toBe(3);
    expect(visit(Date.UTC(2025, 2, 11, 23, 30), 60)).toBe(2);
  });
});
