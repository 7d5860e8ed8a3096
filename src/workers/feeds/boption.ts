/**
 * The signed-in user's binary options (api/boption.ts) for the tabs that watch them (the Boption
 * page and its component pages): the open orders, read once (recentOpenOrders) when a signed-in
 * tab starts watching, then kept from the private channel's `boption` events, each of which puts
 * a placed order in or takes a settled one out and names it to the tabs (the order progress shows
 * its result). Events sent while the socket was away are lost, so a reconnect reads the open
 * orders again, and an order that was open before and is not now settled meanwhile: its status
 * is read and named like an event's. Nobody polls; the balances follow the `balance` events every
 * tab gets from the account feed.
 */
import { boptionOrderStatusCall, boptionRecentOpenOrdersCall, type BoptionOrder } from '../../shared/api/boption';
import { ApiError } from '../../shared/client/client';
import type { BoptionMessage } from '../../shared/realtime';
import type { Feed, HubContext, SessionChange } from '../core/feed';
import type { TabRecord } from '../core/tabs';
import { topicKey, type HubPush, type Topic } from '../protocol';

const BOPTION_KEY = topicKey({ kind: 'boption' });

/** The open orders with `order` put in its place (new ones by expiry, soonest first), or taken out once settled. */
export function withBoptionOrder(orders: readonly BoptionOrder[], order: BoptionOrder): BoptionOrder[] {
  const others = orders.filter((entry) => entry.id !== order.id);
  if (order.status !== 'open') return others;
  return [...others, order].sort((a, b) => a.expiresAt - b.expiresAt || a.id - b.id);
}

export class BoptionFeed implements Feed {
  /** The open orders, soonest expiry first; null until read. */
  private open: BoptionOrder[] | null = null;
  /** Whether the orders are kept now (a signed-in tab watches them). */
  private following = false;
  /** Orders of the events heard while a read is out: the read may have been answered before them. */
  private heardDuringRead: BoptionOrder[] | null = null;

  constructor(private readonly context: HubContext) {
    context.socket.on('boption', (message) => this.onBoption(message));
  }

  /** What the hub has goes out at once; every later change follows on the same port. */
  greet(tab: TabRecord, added: readonly Topic[]): void {
    if (this.following && this.open && added.some((topic) => topic.kind === 'boption')) this.context.tabs.send(tab, this.push(null));
  }

  tabsChanged(): void {
    const wanted = this.context.session().status === 'signedIn' && this.context.tabs.anyWatching('boption');
    if (wanted === this.following) return;
    this.following = wanted;
    this.open = null;
    this.heardDuringRead = null;
    if (wanted) void this.readOpen();
  }

  connectionChanged(connected: boolean): void {
    if (connected && this.following) void this.readOpen();
  }

  sessionChanged(change: SessionChange): void {
    if (change.kind === 'confirmed') return;
    // Another user, or nobody: what was kept is not theirs.
    this.following = false;
    this.open = null;
    this.heardDuringRead = null;
    this.tabsChanged();
  }

  private push(changed: BoptionOrder | null): HubPush {
    return { kind: 'boption', open: this.open, changed };
  }

  private publish(changed: BoptionOrder | null): void {
    this.context.tabs.sendWatching(BOPTION_KEY, this.push(changed));
  }

  /** Reads the open orders; those the hub had that are gone settled meanwhile, and their results are read too. */
  private async readOpen(): Promise<void> {
    const epoch = this.context.sessionEpoch();
    const before = this.open ?? [];
    this.heardDuringRead ??= [];
    const answer = await this.read('boption:open', () => this.context.api.call(boptionRecentOpenOrdersCall, {}, { silentAll: true }));
    const heard = this.heardDuringRead ?? [];
    this.heardDuringRead = null;
    if (!answer || !this.current(epoch)) return;
    this.open = heard.reduce(withBoptionOrder, [...answer].sort((a, b) => a.expiresAt - b.expiresAt || a.id - b.id));
    this.publish(null);
    const gone = before.filter((order) => !answer.some((entry) => entry.id === order.id));
    for (const order of gone) {
      const settled = await this.read(`boption:status:${order.id}`, () => this.context.api.call(boptionOrderStatusCall, { query: { id: order.id } }, { silentAll: true }));
      if (settled && settled.status !== 'open' && this.current(epoch)) this.publish(settled);
    }
  }

  /** A read shared by concurrent callers; a refusal or a failure leaves what the hub has (spec 8: logged only). */
  private async read<T>(key: string, call: () => Promise<T | false>): Promise<T | false> {
    try {
      return await this.context.once(key, call);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) this.context.log('Failed to read the binary options', error);
      return false;
    }
  }

  /** An answer read under another identity, or after the tabs stopped watching, is dropped. */
  private current(epoch: number): boolean {
    return this.following && this.context.sessionEpoch() === epoch;
  }

  private onBoption(message: BoptionMessage): void {
    if (!this.following) return;
    if (this.open) this.open = withBoptionOrder(this.open, message.order);
    this.heardDuringRead?.push(message.order);
    this.publish(message.order);
  }
}
