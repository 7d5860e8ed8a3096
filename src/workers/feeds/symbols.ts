/**
 * The symbol list (spec 3, R-STATE-15): read every SYMBOL_REFRESH_MS, and again at once after
 * sign-in and sign-out, since test-only symbols belong to the accounts that may see them, and
 * when the server says an operator changed the markets (the `markets` socket event), within
 * MARKETS_CHANGE_SPREAD_MS so that every open hub does not ask in the same instant. A new hub
 * paints the list it cached and reads it again only when it is due.
 */
import { symbolsCall, type MarketSymbol } from '../../shared/api/market';
import { SYMBOL_REFRESH_MS } from '../../shared/constants';
import { Poller } from '../clock';
import type { Feed, HubContext, SessionChange } from '../core/feed';

/** Hubs read the list again at a random moment within this after a markets change. */
export const MARKETS_CHANGE_SPREAD_MS = 3_000;

export class SymbolsFeed implements Feed {
  private list: MarketSymbol[] = [];
  private fetchedAt = 0;
  private readonly poller: Poller;

  constructor(private readonly context: HubContext) {
    this.poller = new Poller(context.clock, SYMBOL_REFRESH_MS, () => this.refresh());
    context.socket.on('markets', () => {
      if (!this.poller.running) return;
      this.poller.stop();
      this.poller.start(Math.floor(Math.random() * MARKETS_CHANGE_SPREAD_MS));
    });
  }

  /** What a tab paints at attach. */
  get symbols(): MarketSymbol[] {
    return this.list;
  }

  async restore(): Promise<void> {
    const stored = await this.context.storage.readSymbols();
    if (!stored) return;
    this.list = stored.symbols;
    this.fetchedAt = stored.fetchedAt;
  }

  start(): void {
    const dueInMs = Math.max(0, this.fetchedAt + SYMBOL_REFRESH_MS - this.context.clock.now());
    this.poller.start(this.list.length > 0 ? dueInMs : 0);
  }

  sessionChanged(change: SessionChange): void {
    if (change.kind === 'confirmed') return;
    if (change.kind === 'ended') {
      // Test-only symbols belong to the account that may see them: gone with it, until the list is read again.
      this.list = this.list.filter((symbol) => !symbol.testOnly);
      if (!change.wasSignedIn) return;
    }
    this.poller.restart();
  }

  dispose(): void {
    this.poller.stop();
  }

  private async refresh(): Promise<void> {
    try {
      const symbols = await this.context.api.call(symbolsCall, {}, { silentAll: true });
      if (symbols === false) return;
      this.list = symbols;
      this.fetchedAt = this.context.clock.now();
      this.context.tabs.broadcast({ kind: 'symbols', symbols });
      await this.context.storage.writeSymbols(symbols, this.fetchedAt);
    } catch (error) {
      this.context.log('Failed to sync symbols', error);
    }
  }
}
