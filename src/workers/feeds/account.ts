/**
 * The signed-in user's account (spec 4, R-STATE-10): balances read once for every tab per value of
 * the local assets flag, and the user's private socket channel, whose order and balance events go
 * to every tab (a balance event also makes the next read go to the server).
 */
import { balanceListCall, type Balance } from '../../shared/api/balance';
import { ApiError } from '../../shared/client/client';
import type { BalanceMessage, OrderMessage } from '../../shared/realtime';
import type { Feed, HubContext, SessionChange } from '../core/feed';

export class AccountFeed implements Feed {
  /** The balances, with the assets flag (spec 4) they were read for. */
  private cache: { flag: string; balances: Balance[] } | null = null;

  constructor(private readonly context: HubContext) {
    context.socket.on('order', (message) => this.onOrder(message));
    context.socket.on('balance', (message) => this.onBalance(message));
  }

  sessionChanged(change: SessionChange): void {
    if (change.kind !== 'confirmed') this.cache = null;
  }

  /**
   * The balances (/balance/list) for a value of the assets flag: tabs that see the same flag share
   * one answer; a changed flag reads again; `force` reads again in any case (the overview opened).
   * Null when signed out or when they cannot be read (spec 8: logged only).
   */
  async balances(flag: string, force = false): Promise<Balance[] | null> {
    if (this.context.session().status !== 'signedIn') return null;
    if (!force && this.cache?.flag === flag) return this.cache.balances;
    const epoch = this.context.sessionEpoch();
    try {
      return await this.context.once(`balances:${flag}:${force}`, async () => {
        const balances = await this.context.api.call(balanceListCall, {}, { silentAll: true });
        // Unreadable, or a sign-out or another user while the read was out: not this session's.
        if (balances === false || this.context.sessionEpoch() !== epoch) return null;
        this.cache = { flag, balances };
        return balances;
      });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) this.context.log('Failed to read the balances', error);
      return null;
    }
  }

  private onOrder(message: OrderMessage): void {
    this.context.tabs.broadcast({ kind: 'order', order: message.order });
  }

  private onBalance(message: BalanceMessage): void {
    // The cached balances are stale now: the next read goes to the server.
    this.cache = null;
    this.context.tabs.broadcast({ kind: 'balance', currencies: message.currencies });
  }
}
