/**
 * The notification bell (R-HEAD-10/11): the unread count from the hub as a badge; its dropdown
 * lists the unread notifications (type text and message). Clicking one marks it read; 'Read
 * all' marks every one read and says so; 'More' opens the notification centre.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { formatDate } from '../../../shared/format';
import { useLanguage } from '../../i18n/useLanguage';
import { showToast } from '../../state/hub-store';
import { session } from '../../state/session';
import { PageLink } from '../../ui/PageLink';
import { Dropdown } from '../../ui/Dropdown';
import { unreadBadgeText } from './headerLogic';
import { BellIcon } from '../../ui/icons';
import { NOTIFICATION_TYPE_TEXT } from './notificationText';
import { loadUnreadPreview, markAllNotificationsRead, markNotificationRead } from './notifications';
import styles from './Header.module.css';

export const NOTIFICATION_CENTRE_PATH = '/profile/notification';

export function UnreadBadge({ unread }: { unread: number }) {
  const text = unreadBadgeText(unread);
  return text === null ? null : (
    <span className={styles.badge} data-testid="unread-badge" aria-hidden="true">
      {text}
    </span>
  );
}

function NotificationPanel({ unread }: { unread: number }) {
  const { t, i18n } = useLingui();
  const { unreadList } = useSnapshot(session);
  const language = useLanguage();
  // Read on opening, and again whenever the count moves while it is open.
  useEffect(() => {
    void loadUnreadPreview();
  }, [unread]);

  const readAll = () => {
    void markAllNotificationsRead().then((done) => {
      if (done) showToast(t`All notifications are marked as read`, ERROR_TOAST_MS, 'success');
    });
  };

  return (
    <>
      <div className={styles.panelHeading}>
        <span className={styles.panelTitle}>{t`Notifications`}</span>
        <button type="button" className={styles.textButton} data-testid="read-all" onClick={readAll} disabled={unread === 0 && unreadList.length === 0}>
          {t`Read all`}
        </button>
      </div>
      {unreadList.length === 0 ? (
        <p className={styles.empty}>{t`No unread notifications`}</p>
      ) : (
        <ul className={styles.itemList}>
          {unreadList.map((item) => (
            <li key={item.id}>
              <button type="button" className={styles.notification} data-testid="notification-item" onClick={() => void markNotificationRead(item.id)}>
                <span className={styles.itemTitle}>{i18n._(NOTIFICATION_TYPE_TEXT[item.typeName])}</span>
                <span className={styles.notificationMessage}>{item.message}</span>
                <time className={styles.notificationTime} dateTime={new Date(item.createdAt).toISOString()}>
                  {formatDate(item.createdAt, language, { withTime: true })}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.panelFooter}>
        <PageLink to={NOTIFICATION_CENTRE_PATH} className={styles.textLink} data-testid="notifications-more">
          {t`More`}
        </PageLink>
      </div>
    </>
  );
}

export function NotificationBell({ unread }: { unread: number }) {
  const { t } = useLingui();
  return (
    <Dropdown
      testId="notifications"
      trigger={
        <>
          <BellIcon />
          <UnreadBadge unread={unread} />
        </>
      }
      triggerLabel={unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`}
      triggerTestId="notification-bell"
      triggerClassName={styles.iconButton}
      align="end"
      panelClassName={styles.notificationPanel}
    >
      <NotificationPanel unread={unread} />
    </Dropdown>
  );
}
