/**
 * The unread count (spec 4 and 7, R-STATE-11): read every NOTIFICATION_POLL_MS while someone is
 * signed in with notifications on, both in the site config and in the user's own setting; read at
 * once for every tab when one marks notifications read. The count is part of the hub's status and
 * is kept with the session in IndexedDB, so that a new tab paints the badge at once.
 */
import { ApiError } from '../../shared/client/client';
import { notificationStatusCall } from '../../shared/api/notification';
import { NOTIFICATION_POLL_MS } from '../../shared/constants';
import { Poller } from '../clock';
import type { NotificationState } from '../protocol';
import type { Feed, HubContext, SessionChange } from '../core/feed';

export class NotificationsFeed implements Feed {
  private current: NotificationState | null = null;
  /** Numbers the reads: an answer older than one already applied is stale. */
  private readsStarted = 0;
  private readApplied = 0;
  /** The site config's switch for notifications; on until a config says otherwise. */
  private siteEnabled = true;
  private readonly poller: Poller;

  constructor(private readonly context: HubContext) {
    this.poller = new Poller(context.clock, NOTIFICATION_POLL_MS, () => this.poll());
  }

  /** Null until the first read, and while signed out. */
  get state(): NotificationState | null {
    return this.current;
  }

  async restore(): Promise<void> {
    this.current = (await this.context.storage.readSession())?.notifications ?? null;
  }

  sessionChanged(change: SessionChange): void {
    // A new identity, or none: the last user's count is not this one's.
    if (change.kind !== 'confirmed') this.current = null;
    this.updatePolling();
  }

  /** The site config said whether notifications exist at all. */
  siteConfigured(enabled: boolean): void {
    if (enabled === this.siteEnabled) return;
    this.siteEnabled = enabled;
    this.updatePolling();
  }

  /** A tab marked notifications read: every tab's count is read now (nothing while signed out). */
  async refresh(): Promise<void> {
    if (this.poller.running) await this.poll();
  }

  dispose(): void {
    this.poller.stop();
  }

  private updatePolling(): void {
    const wanted = this.context.session().status === 'signedIn' && this.siteEnabled && this.current?.enabled !== false;
    if (wanted) this.poller.start(0);
    else this.poller.stop();
  }

  private async poll(): Promise<void> {
    if (this.context.session().status !== 'signedIn') return;
    const read = ++this.readsStarted;
    try {
      const notifications = await this.context.api.call(notificationStatusCall, {}, { silentAll: true });
      // A read that started before a newer, already applied one (refresh) is stale.
      if (notifications === false || this.context.session().status !== 'signedIn' || read < this.readApplied) return;
      this.readApplied = read;
      const changed = notifications.enabled !== this.current?.enabled || notifications.unread !== this.current?.unread;
      this.current = notifications;
      if (!changed) return;
      this.context.statusChanged();
      await this.context.storage.writeNotifications(notifications);
      if (!notifications.enabled) this.updatePolling();
    } catch (error) {
      // spec 8: notification failures are only logged (a 401 has gone to the session feed).
      if (!(error instanceof ApiError && error.status === 401)) this.context.log('Failed to read notifications', error);
    }
  }
}
