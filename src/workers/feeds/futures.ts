/**
 * The signed-in user's futures account (api/futures.ts) for the tabs that watch it (the futures
 * page and its component pages): the stats and the pending and open positions, read once when a
 * tab starts watching, then kept from the private channel: a `futures` event puts its position in
 * or takes it out and reads the stats again (margin in use and the counts changed), a `balance`
 * event of the futures wallet reads the stats again (what is available changed). Events sent
 * while the socket was away are lost, so a reconnect reads both again. Nobody polls: the live PnL
 * is the tabs' work, from the positions and the index feed's marks.
 */
import { FUTURES_USDT } from '../../shared/api/balance';
import { futuresOrdersCall, futuresStatsCall, type FuturesPosition } from '../../shared/api/futures';
import { ApiError } from '../../shared/client/client';
import type { BalanceMessage, FuturesMessage } from '../../shared/realtime';
import type { Feed, HubContext, SessionChange } from '../core/feed';
import type { TabRecord } from '../core/tabs';
import { topicKey, type FuturesAccount, type HubPush, type Topic } from '../protocol';

const FUTURES_KEY = topicKey({ kind: 'futures' });

/** The open positions one read asks for: the server caps a page at LIST_PAGE_MAX whatever this says. */
const OPEN_POSITIONS_LIMIT = 200;

/** Whether a position still holds margin (shown among the open ones). */
export function isPositionLive(position: FuturesPosition): boolean {
  return position.status === 'pending' || position.status === 'open';
}

/** The positions with `position` put in its place (or first, when new), or taken out once it closed. */
export function withPosition(positions: readonly FuturesPosition[], position: FuturesPosition): FuturesPosition[] {
  const others = positions.filter((entry) => entry.id !== position.id);
  if (!isPositionLive(position)) return others;
  const index = positions.findIndex((entry) => entry.id === position.id);
  if (index < 0) return [position, ...others];
  const next = [...positions];
  next[index] = position;
  return next;
}

export class FuturesFeed implements Feed {
  private account: FuturesAccount = { stats: null, positions: null };
  /** Whether the account is kept now (a signed-in tab watches it). */
  private following = false;
  private statsReading = false;
  private statsAgain = false;
  /** Position events heard while the positions were being read: the answer may predate them. */
  private heardDuringRead: FuturesPosition[] | null = null;

  constructor(private readonly context: HubContext) {
    context.socket.on('futures', (message) => this.onFutures(message));
    context.socket.on('balance', (message) => this.onBalance(message));
  }

  /** What the hub has goes out at once; every later change follows on the same port. */
  greet(tab: TabRecord, added: readonly Topic[]): void {
    if (this.following && added.some((topic) => topic.kind === 'futures')) this.context.tabs.send(tab, this.push(null));
  }

  tabsChanged(): void {
    const wanted = this.context.session().status === 'signedIn' && this.context.tabs.anyWatching('futures');
    if (wanted === this.following) return;
    this.following = wanted;
    this.account = { stats: null, positions: null };
    if (wanted) this.readAll();
  }

  connectionChanged(connected: boolean): void {
    if (connected && this.following) this.readAll();
  }

  sessionChanged(change: SessionChange): void {
    if (change.kind === 'confirmed') return;
    // Another user, or nobody: what was kept is not theirs.
    this.following = false;
    this.account = { stats: null, positions: null };
    this.tabsChanged();
  }

  private push(changed: FuturesPosition | null): HubPush {
    return { kind: 'futures', account: this.account, changed };
  }

  private publish(changed: FuturesPosition | null): void {
    this.context.tabs.sendWatching(FUTURES_KEY, this.push(changed));
  }

  private readAll(): void {
    void this.readPositions();
    void this.readStats();
  }

  /** Reads the positions; an event heard while the read was out is applied to its answer after it. */
  private async readPositions(): Promise<void> {
    const epoch = this.context.sessionEpoch();
    this.heardDuringRead ??= [];
    const answer = await this.read('futures:open', () =>
      this.context.api.call(futuresOrdersCall, { query: { scope: 'open', offset: 0, limit: OPEN_POSITIONS_LIMIT } }, { silentAll: true }),
    );
    const heard = this.heardDuringRead ?? [];
    this.heardDuringRead = null;
    if (!answer || !this.current(epoch)) return;
    this.account = { ...this.account, positions: heard.reduce(withPosition, answer.list.filter(isPositionLive)) };
    this.publish(null);
  }

  /**
   * Reads the stats; a change heard while a read is out reads them once more after it, since that
   * read may have been answered before the change.
   */
  private async readStats(): Promise<void> {
    if (this.statsReading) {
      this.statsAgain = true;
      return;
    }
    this.statsReading = true;
    try {
      do {
        this.statsAgain = false;
        const epoch = this.context.sessionEpoch();
        const stats = await this.read('futures:stats', () => this.context.api.call(futuresStatsCall, {}, { silentAll: true }));
        if (stats && this.current(epoch)) {
          this.account = { ...this.account, stats };
          this.publish(null);
        }
      } while (this.statsAgain && this.following);
    } finally {
      this.statsReading = false;
    }
  }

  /** A read shared by concurrent callers; a refusal or a failure leaves what the hub has (spec 8: logged only). */
  private async read<T>(key: string, call: () => Promise<T | false>): Promise<T | false> {
    try {
      return await this.context.once(key, call);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) this.context.log('Failed to read the futures account', error);
      return false;
    }
  }

  /** An answer read under another identity, or after the tabs stopped watching, is dropped. */
  private current(epoch: number): boolean {
    return this.following && this.context.sessionEpoch() === epoch;
  }

  private onFutures(message: FuturesMessage): void {
    if (!this.following) return;
    this.heardDuringRead?.push(message.position);
    if (this.account.positions) this.account = { ...this.account, positions: withPosition(this.account.positions, message.position) };
    this.publish(message.position);
    void this.readStats();
  }

  private onBalance(message: BalanceMessage): void {
    if (this.following && message.currencies.includes(FUTURES_USDT)) void this.readStats();
  }
}
