/**
 * What the bell does with the server (R-HEAD-10/11): read the unread preview, mark one or all
 * read. After a change the hub reads the unread count at once, so every tab's badge follows.
 * Failures are only logged (spec 8). The calls' schemas load when the bell is first used, so
 * the first paint carries no schema library.
 */
import { UNREAD_PREVIEW_ITEMS } from '../../../shared/constants';
import { callApi } from '../../api/client';
import { getHub } from '../../api/hub';
import { session } from '../../state/session';

const notificationCalls = () => import('../../../shared/api/notification');

/** The first UNREAD_PREVIEW_ITEMS unread notifications, into the session's unread list. */
export async function loadUnreadPreview(): Promise<void> {
  try {
    const { notificationListCall } = await notificationCalls();
    const list = await callApi(notificationListCall, { body: { unread: true, max: UNREAD_PREVIEW_ITEMS } }, { silentAll: true });
    if (list !== false) session.unreadList = list.filter((item) => !item.readFlag).slice(0, UNREAD_PREVIEW_ITEMS);
  } catch (error) {
    console.warn('Failed to read the unread notifications', error);
  }
}

function refreshUnreadCount(): void {
  getHub()
    .refreshNotifications()
    .catch((error: unknown) => console.warn('The hub did not read the unread count', error));
}

/** Marks one notification read (it leaves the preview at once); true when the server agreed. */
export async function markNotificationRead(id: number): Promise<boolean> {
  session.unreadList = session.unreadList.filter((item) => item.id !== id);
  try {
    const { notificationMarkAsReadCall } = await notificationCalls();
    const result = await callApi(notificationMarkAsReadCall, { body: { id } }, { silentAll: true });
    return result !== false;
  } catch (error) {
    console.warn('Failed to mark the notification read', error);
    return false;
  } finally {
    refreshUnreadCount();
  }
}

/** Marks every notification of the user read; true when the server agreed. */
export async function markAllNotificationsRead(): Promise<boolean> {
  try {
    const { notificationMarkAsReadCall } = await notificationCalls();
    const result = await callApi(notificationMarkAsReadCall, { body: {} }, { silentAll: true });
    if (result === false) return false;
    session.unreadList = [];
    return true;
  } catch (error) {
    console.warn('Failed to mark the notifications read', error);
    return false;
  } finally {
    refreshUnreadCount();
  }
}
