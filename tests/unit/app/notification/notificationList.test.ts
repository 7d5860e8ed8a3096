/** Proves the notification centre's paging and list updates: offsets per filter, repeated items left out, newer ones on top and read states taken from the server. */
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../../src/shared/api/notification';
import {
  NOTIFICATION_PAGE_SIZE,
  appendPage,
  hasMoreAfter,
  markShownRead,
  mergeNewest,
  nextPageOffset,
} from '../../../../src/app/features/notification/notificationList';

function notification(id: number, readFlag = false): Notification {
  return { id, uid: 7, type: 2, typeName: 'login', message: `message ${id}`, readFlag, createdAt: 1_700_000_000_000 + id };
}

describe('paging', () => {
  it('R-ENT-13 the next page of all starts after everything shown', () => {
    const items = [notification(9), notification(8, true), notification(7)];
    expect(nextPageOffset(items, 'all')).toBe(3);
  });

  it('R-ENT-13 the next page of unread starts after what is still unread (read ones stay in view)', () => {
    const items = [notification(9, true), notification(8), notification(7, true), notification(6)];
    expect(nextPageOffset(items, 'unread')).toBe(2);
  });

  it('R-ENT-13 a full page may have more behind it, a short one not', () => {
    expect(hasMoreAfter(Array.from({ length: NOTIFICATION_PAGE_SIZE }, (_, index) => notification(index + 1)))).toBe(true);
    expect(hasMoreAfter([notification(1)])).toBe(false);
    expect(hasMoreAfter([])).toBe(false);
  });

  it('R-ENT-13 a further page leaves out items already shown (offsets shift when new ones arrive)', () => {
    const items = [notification(9), notification(8)];
    expect(appendPage(items, [notification(8), notification(7), notification(6)]).map((item) => item.id)).toEqual([9, 8, 7, 6]);
  });
});

describe('following the unread count', () => {
  it('R-ENT-13 puts newer notifications on top and takes read states from the newest page', () => {
    const items = [notification(5), notification(4), notification(3)];
    const newest = [notification(7), notification(6, true), notification(5, true), notification(4)];
    const merged = mergeNewest(items, newest, 'all');
    expect(merged.map((item) => [item.id, item.readFlag])).toEqual([
      [7, false],
      [6, true],
      [5, true],
      [4, false],
      [3, false],
    ]);
  });

  it('R-ENT-13 with the unread filter only unread arrivals go on top', () => {
    const merged = mergeNewest([notification(5)], [notification(7), notification(6, true), notification(5)], 'unread');
    expect(merged.map((item) => item.id)).toEqual([7, 5]);
  });

  it('R-ENT-13 never re-adds older notifications that are not shown', () => {
    expect(mergeNewest([notification(5)], [notification(5), notification(2)], 'all').map((item) => item.id)).toEqual([5]);
  });

  it('R-HEAD-10 R-HEAD-11 marks one shown notification read, or all of them', () => {
    const items = [notification(3), notification(2), notification(1)];
    expect(markShownRead(items, 2).map((item) => item.readFlag)).toEqual([false, true, false]);
    expect(markShownRead(items).every((item) => item.readFlag)).toBe(true);
    expect(items.every((item) => !item.readFlag)).toBe(true);
  });
});
