/**
 * The notification centre (spec 2 /profile/notification, spec 3 Notification, R-ENT-13): the
 * signed-in user's notifications, newest first, in pages of NOTIFICATION_PAGE_SIZE, all or unread
 * only. Each shows its type's name, its message (as text), its time in the page language's date
 * order and whether it was read; clicking an unread one marks it read, and 'Read all' marks every
 * one read. The bell's functions make those changes, so the hub reads the unread count at once
 * and every tab's badge follows; when that count moves (a new notification, a change in another
 * tab), the centre reads the newest page again. A visitor is asked to sign in.
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Notification } from '../../../shared/api/notification';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { callApi } from '../../api/client';
import { NOTIFICATION_TYPE_TEXT } from '../../layout/header/notificationText';
import { markAllNotificationsRead, markNotificationRead } from '../../layout/header/notifications';
import { useHubStatus } from '../../state/hub';
import { showToast } from '../../state/hub-store';
import { Button, ButtonLink } from '../../ui/Button';
import { Panel } from '../../ui/Panel';
import { StatusMessage } from '../../ui/StatusMessage';
import { TabPanel, Tabs } from '../../ui/Tabs';
import {
  NOTIFICATION_PAGE_SIZE,
  appendPage,
  hasMoreAfter,
  markShownRead,
  mergeNewest,
  nextPageOffset,
  type NotificationFilter,
} from './notificationList';
import styles from './NotificationCentre.module.css';
import { loginPath } from '../../ui/paths';

const notificationCalls = () => import('../../../shared/api/notification');

/** One page of the list; null when it could not be read (spec 8: logged only, the page says so). */
async function readNotificationPage(filter: NotificationFilter, offset: number): Promise<Notification[] | null> {
  try {
    const { notificationListCall } = await notificationCalls();
    const body = { max: NOTIFICATION_PAGE_SIZE, offset, ...(filter === 'unread' ? { unread: true } : {}) };
    const page = await callApi(notificationListCall, { body }, { silentAll: true });
    return page === false ? null : page;
  } catch (error) {
    console.warn('Failed to read the notifications', error);
    return null;
  }
}

export function NotificationCentre({ language }: { language: Language }) {
  const { t } = useLingui();
  const status = useHubStatus();
  const session = status?.session.status ?? 'unknown';
  if (session === 'signedOut') return <SignInPrompt />;
  if (session === 'unknown') return <StatusMessage tone="loading" title={t`Loading…`} headingLevel={2} testId="notification-centre-loading" />;
  return <SignedInCentre language={language} unread={status?.notifications?.unread ?? null} />;
}

function SignInPrompt() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  return (
    <StatusMessage tone="neutral" title={t`Sign in to see your notifications.`} headingLevel={2} testId="notification-signin">
      <ButtonLink to={loginPath(pathname)} data-testid="notification-signin-link">
        {t`Log in`}
      </ButtonLink>
    </StatusMessage>
  );
}

type Phase = 'loading' | 'ready' | 'failed';

interface ListView {
  filter: NotificationFilter;
  items: Notification[];
  phase: Phase;
  hasMore: boolean;
  loadingMore: boolean;
}

function useNotificationList(unread: number | null) {
  const [view, setView] = useState<ListView>({ filter: 'all', items: [], phase: 'loading', hasMore: false, loadingMore: false });
  // Answers for a filter the user has left, or a reload since, are dropped.
  const generation = useRef(0);

  const fetchFirstPage = useCallback((filter: NotificationFilter) => {
    const current = ++generation.current;
    void readNotificationPage(filter, 0).then((page) => {
      if (current !== generation.current) return;
      setView((previous) => (page === null ? { ...previous, phase: 'failed' } : { ...previous, items: page, phase: 'ready', hasMore: hasMoreAfter(page) }));
    });
  }, []);

  // The view starts as the first page of 'all', loading.
  useEffect(() => fetchFirstPage('all'), [fetchFirstPage]);

  const loadFirstPage = (filter: NotificationFilter) => {
    setView({ filter, items: [], phase: 'loading', hasMore: false, loadingMore: false });
    fetchFirstPage(filter);
  };

  const loadMore = () => {
    const current = generation.current;
    setView((previous) => ({ ...previous, loadingMore: true }));
    void readNotificationPage(view.filter, nextPageOffset(view.items, view.filter)).then((page) => {
      if (current !== generation.current) return;
      setView((previous) =>
        page === null
          ? { ...previous, loadingMore: false }
          : { ...previous, items: appendPage(previous.items, page), hasMore: hasMoreAfter(page), loadingMore: false },
      );
    });
  };

  // The hub's unread count moved: read the newest page again and lay it over what is shown.
  const readyToFollow = view.phase === 'ready';
  const followedUnread = useRef(unread);
  useEffect(() => {
    if (!readyToFollow || unread === null || unread === followedUnread.current) return;
    followedUnread.current = unread;
    const current = generation.current;
    void readNotificationPage('all', 0).then((newest) => {
      if (current !== generation.current || newest === null) return;
      setView((previous) => ({
        ...previous,
        items: unread === 0 ? markShownRead(mergeNewest(previous.items, newest, previous.filter)) : mergeNewest(previous.items, newest, previous.filter),
      }));
    });
  }, [unread, readyToFollow]);

  const setItems = (change: (items: Notification[]) => Notification[]) => setView((previous) => ({ ...previous, items: change(previous.items) }));
  return { view, loadFirstPage, loadMore, setItems };
}

function SignedInCentre({ language, unread }: { language: Language; unread: number | null }) {
  const { t } = useLingui();
  const { view, loadFirstPage, loadMore, setItems } = useNotificationList(unread);
  const [readingAll, setReadingAll] = useState(false);

  const markRead = (id: number) => {
    setItems((items) => markShownRead(items, id));
    void markNotificationRead(id).then((done) => {
      if (!done) setItems((items) => items.map((item) => (item.id === id ? { ...item, readFlag: false } : item)));
    });
  };

  const readAll = () => {
    setReadingAll(true);
    void markAllNotificationsRead()
      .then((done) => {
        if (!done) return;
        setItems((items) => markShownRead(items));
        showToast(t`All notifications are marked as read`, ERROR_TOAST_MS, 'success');
      })
      .finally(() => setReadingAll(false));
  };

  const anyUnread = (unread ?? 0) > 0 || view.items.some((item) => !item.readFlag);
  return (
    <section className={styles.centre} data-testid="notification-centre" data-phase={view.phase} data-filter={view.filter}>
      <Tabs
        label={t`Notification filter`}
        variant="pills"
        value={view.filter}
        onValueChange={(filter) => {
          if (filter !== view.filter && isNotificationFilter(filter)) loadFirstPage(filter);
        }}
        items={[
          { value: 'all', label: t({ message: 'All', comment: 'Filter of the notification list: every notification' }), testId: 'notification-filter-all' },
          { value: 'unread', label: unread ? t`Unread (${unread})` : t`Unread`, testId: 'notification-filter-unread' },
        ]}
        trailing={
          <Button variant="ghost" size="small" data-testid="notification-read-all" onClick={readAll} loading={readingAll} disabled={!anyUnread}>
            {t`Read all`}
          </Button>
        }
      >
        <TabPanel value={view.filter} className={styles.panel}>
          <NotificationListBody view={view} language={language} onRead={markRead} onRetry={() => loadFirstPage(view.filter)} />
          {view.phase === 'ready' && view.hasMore ? (
            <Button variant="secondary" className={styles.loadMore} data-testid="notification-load-more" onClick={loadMore} loading={view.loadingMore}>
              {t`Load more`}
            </Button>
          ) : null}
        </TabPanel>
      </Tabs>
    </section>
  );
}

function isNotificationFilter(value: string): value is NotificationFilter {
  return value === 'all' || value === 'unread';
}

function NotificationListBody({
  view,
  language,
  onRead,
  onRetry,
}: {
  view: ListView;
  language: Language;
  onRead: (id: number) => void;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  if (view.phase === 'loading') return <StatusMessage tone="loading" title={t`Loading…`} headingLevel={2} />;
  if (view.phase === 'failed') {
    return <StatusMessage tone="error" title={t`The notifications could not be loaded.`} headingLevel={2} action={{ label: t`Try again`, onClick: onRetry }} testId="notification-failed" />;
  }
  if (view.items.length === 0) {
    return <StatusMessage tone="neutral" title={view.filter === 'unread' ? t`No unread notifications` : t`No notifications yet`} headingLevel={2} testId="notification-empty" />;
  }
  return (
    <Panel flush>
      <ul className={styles.list} data-testid="notification-list">
        {view.items.map((item) => (
          <li key={item.id}>
            <NotificationRow item={item} language={language} onRead={onRead} />
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function NotificationRow({ item, language, onRead }: { item: Notification; language: Language; onRead: (id: number) => void }) {
  const { t, i18n } = useLingui();
  const content = (
    <>
      <span className={styles.rowHeading}>
        <span className={styles.dot} aria-hidden="true" />
        <span className={styles.type}>{i18n._(NOTIFICATION_TYPE_TEXT[item.typeName])}</span>
        <span className="visually-hidden">{item.readFlag ? t({ message: 'Read', comment: 'State of a notification: the user has read it' }) : t({ message: 'Unread', comment: 'State of a notification: not read yet' })}</span>
        <time className={styles.time} dateTime={new Date(item.createdAt).toISOString()}>
          {formatDate(item.createdAt, language, { withTime: true })}
        </time>
      </span>
      <span className={styles.message}>{item.message}</span>
    </>
  );
  const common = { 'data-testid': 'notification-row', 'data-id': item.id, 'data-read': item.readFlag ? 'true' : 'false' };
  if (item.readFlag) {
    return (
      <div className={styles.row} {...common}>
        {content}
      </div>
    );
  }
  return (
    <button type="button" className={styles.row} title={t`Mark as read`} onClick={() => onRead(item.id)} {...common}>
      {content}
    </button>
  );
}
