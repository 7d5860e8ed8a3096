/**
 * The notification centre's list as data: pages of NOTIFICATION_PAGE_SIZE read with max/offset,
 * filtered to all or unread, and the changes the page makes to what it already shows. The server
 * lists newest first; notifications marked read while the unread filter is on stay in view (now
 * read), so the next page's offset counts only what is still unread.
 */
import type { Notification } from '../../../shared/api/notification';

export const NOTIFICATION_PAGE_SIZE = 20;

export const NOTIFICATION_FILTERS = ['all', 'unread'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/** Where the next page starts on the server for what the list shows now. */
export function nextPageOffset(items: readonly Notification[], filter: NotificationFilter): number {
  return filter === 'unread' ? items.filter((item) => !item.readFlag).length : items.length;
}

/** Whether a page that came back this long may have more behind it. */
export function hasMoreAfter(page: readonly Notification[]): boolean {
  return page.length >= NOTIFICATION_PAGE_SIZE;
}

/**
 * A further page after the shown items. Notifications that arrived meanwhile shift the server's
 * offsets, so a page may repeat items already shown: those are left out.
 */
export function appendPage(items: readonly Notification[], page: readonly Notification[]): Notification[] {
  const shown = new Set(items.map((item) => item.id));
  return [...items, ...page.filter((item) => !shown.has(item.id))];
}

/**
 * The newest notifications (a first page of the unfiltered list) over what is shown: items read
 * elsewhere (another tab, the bell) take the server's read state, and notifications newer than
 * everything shown go on top, unread ones only while the unread filter is on.
 */
export function mergeNewest(items: readonly Notification[], newest: readonly Notification[], filter: NotificationFilter): Notification[] {
  const fresh = new Map(newest.map((item) => [item.id, item]));
  const newestShownId = items.reduce((highest, item) => Math.max(highest, item.id), 0);
  const arrived = newest.filter((item) => item.id > newestShownId && (filter === 'all' || !item.readFlag));
  return [...arrived, ...items.map((item) => fresh.get(item.id) ?? item)];
}

/** Marks one shown notification read, or all of them without an id. */
export function markShownRead(items: readonly Notification[], id?: number): Notification[] {
  return items.map((item) => (id === undefined || item.id === id ? { ...item, readFlag: true } : item));
}
