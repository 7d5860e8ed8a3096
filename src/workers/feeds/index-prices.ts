/**
 * Index prices (api/index-price.ts): what futures mark and binary options open and settle at, for
 * the futures and binary-option symbols tabs watch. While a visible tab watches one, the hub holds
 * the public `index` channel, whose every message (one sampling round, a price a second) goes to
 * the tabs watching its symbols. A symbol watched with `indexHistory` also keeps its last
 * INDEX_HISTORY_SECONDS of points: read once with GET /market/indexhistory, then appended from the
 * channel; a gap (the socket was down, or no tab showed) is filled by reading again since the last
 * point the hub has. While the socket is down the watched symbols are read that way every
 * marketFallbackPoll, and so are, while it is up, those the channel's rounds leave out (test-only
 * symbols stay off the public channel). Points are merged by their time, so a read and the
 * channel may cross.
 */
import { indexHistoryCall, type IndexPoint } from '../../shared/api/index-price';
import { mergeIndexPoints } from '../../shared/index-points';
import { INDEX_CHANNEL, type IndexMessage } from '../../shared/realtime';
import { Poller } from '../clock';
import type { Feed, HubContext } from '../core/feed';
import type { TabRecord } from '../core/tabs';
import { HUB_TIMINGS_MS, topicKey, type Topic } from '../protocol';

export class IndexPricesFeed implements Feed {
  /** The newest point of every symbol the channel carried (a null price: the index has none now). */
  private readonly latest = new Map<number, { at: number; price: string | null }>();
  /** The kept points of the symbols watched with indexHistory. */
  private readonly histories = new Map<number, IndexPoint[]>();
  /** Symbols whose history was read since they were last wanted or the socket came back. */
  private readonly readSymbolIds = new Set<number>();
  /** Watched symbols the channel's last round did not carry: they are read every poll. */
  private offChannel = new Set<number>();
  /** Where this hub's socket stands with the index channel. */
  private channel: 'left' | 'joining' | 'joined' = 'left';
  private readonly poller: Poller;

  constructor(private readonly context: HubContext) {
    this.poller = new Poller(context.clock, HUB_TIMINGS_MS.marketFallbackPoll, () => this.readAll());
    context.socket.on('index', (message) => this.onIndex(message));
  }

  /** What the hub has for the symbols new to the tab goes out at once: the history, else the latest price. */
  greet(tab: TabRecord, added: readonly Topic[]): void {
    const prices: IndexMessage['prices'] = [];
    let at = 0;
    for (const topic of added) {
      if (topic.kind === 'indexHistory') {
        const points = this.histories.get(topic.symbolId);
        if (points && this.readSymbolIds.has(topic.symbolId)) this.context.tabs.send(tab, { kind: 'indexHistory', symbolId: topic.symbolId, points });
      } else if (topic.kind === 'index') {
        const known = this.latest.get(topic.symbolId);
        if (!known) continue;
        prices.push({ symbolId: topic.symbolId, price: known.price });
        at = Math.max(at, known.at);
      }
    }
    if (prices.length > 0) this.context.tabs.send(tab, { kind: 'index', at, prices });
  }

  tabsChanged(): void {
    const { live, history } = this.wanted();
    for (const id of [...this.histories.keys()]) if (!this.context.tabs.watched('indexHistory').has(topicKey({ kind: 'indexHistory', symbolId: id }))) this.histories.delete(id);
    for (const id of [...this.readSymbolIds]) if (!history.has(id)) this.readSymbolIds.delete(id);
    const connected = this.context.socket.connected;
    if (live.size > 0 && connected && this.channel === 'left') void this.join();
    if (live.size === 0 && this.channel !== 'left') {
      this.channel = 'left';
      this.context.socket.unsubscribe({ channel: INDEX_CHANNEL });
    }
    // Read once the channel is joined, so that nothing sampled between the read and the channel is lost.
    if (this.channel === 'joined') for (const id of history) if (!this.readSymbolIds.has(id)) void this.read(id);
    if (this.polled(live).length > 0) this.poller.start(0);
    else this.poller.stop();
  }

  connectionChanged(): void {
    // The server forgets a socket's channels with it, and what was sampled meanwhile never came.
    this.channel = 'left';
    this.readSymbolIds.clear();
    this.tabsChanged();
  }

  dispose(): void {
    this.poller.stop();
  }

  /** The watched symbols read every poll: all of them while the socket is down, else those the channel leaves out. */
  private polled(live: ReadonlySet<number>): number[] {
    return [...live].filter((id) => !this.context.socket.connected || this.offChannel.has(id));
  }

  /** The symbols a visible tab watches (`live`), and those of them with their history. */
  private wanted(): { live: Set<number>; history: Set<number> } {
    const live = new Set<number>();
    const history = new Set<number>();
    if (!this.context.tabs.showing) return { live, history };
    for (const topic of this.context.tabs.watched('index').values()) live.add(topic.symbolId);
    for (const topic of this.context.tabs.watched('indexHistory').values()) {
      live.add(topic.symbolId);
      history.add(topic.symbolId);
    }
    return { live, history };
  }

  private async join(): Promise<void> {
    this.channel = 'joining';
    const generation = this.context.socket.generation;
    const answer = await this.context.socket.subscribe({ channel: INDEX_CHANNEL });
    if (this.channel !== 'joining' || generation !== this.context.socket.generation) return;
    if (answer?.ok) {
      this.channel = 'joined';
      this.tabsChanged();
      return;
    }
    // Refused: the next connect tries again (down: the poller reads meanwhile).
    this.channel = 'left';
    if (answer) this.context.log('The index channel was refused', answer);
  }

  private onIndex(message: IndexMessage): void {
    const { live, history } = this.wanted();
    for (const { symbolId, price } of message.prices) {
      const known = this.latest.get(symbolId);
      if (!known || known.at <= message.at) this.latest.set(symbolId, { at: message.at, price });
      const points = this.histories.get(symbolId);
      if (points && price !== null && history.has(symbolId)) this.histories.set(symbolId, mergeIndexPoints(points, [{ at: message.at, price }]));
    }
    this.pushPrices(message, live);
    const carried = new Set(message.prices.map((entry) => entry.symbolId));
    const offChannel = new Set([...live].filter((id) => !carried.has(id)));
    if (offChannel.size === this.offChannel.size && [...offChannel].every((id) => this.offChannel.has(id))) return;
    this.offChannel = offChannel;
    this.tabsChanged();
  }

  /** Each tab gets the prices of the symbols it watches, in one push. */
  private pushPrices(message: IndexMessage, live: ReadonlySet<number>): void {
    const prices = message.prices.filter((entry) => live.has(entry.symbolId));
    if (prices.length === 0) return;
    for (const tab of this.context.tabs.all()) {
      const forTab = prices.filter(
        (entry) => tab.topics.has(topicKey({ kind: 'index', symbolId: entry.symbolId })) || tab.topics.has(topicKey({ kind: 'indexHistory', symbolId: entry.symbolId })),
      );
      if (forTab.length > 0) this.context.tabs.send(tab, { kind: 'index', at: message.at, prices: forTab });
    }
  }

  /** Each polled symbol's points since the last one the hub has. */
  private async readAll(): Promise<void> {
    await Promise.all(this.polled(this.wanted().live).map((id) => this.read(id)));
  }

  /**
   * Reads a symbol's points since the newest the hub has (all INDEX_HISTORY_SECONDS of them the
   * first time), merges them into its history when it keeps one, and pushes what changed.
   */
  private async read(symbolId: number): Promise<void> {
    this.readSymbolIds.add(symbolId);
    const keepsHistory = () => this.wanted().history.has(symbolId);
    if (keepsHistory() && !this.histories.has(symbolId)) this.histories.set(symbolId, []);
    const since = this.histories.get(symbolId)?.at(-1)?.at ?? (keepsHistory() ? undefined : this.latest.get(symbolId)?.at);
    try {
      const answer = await this.context.api.call(indexHistoryCall, { query: { id: symbolId, ...(since === undefined ? {} : { since }) } }, { silentAll: true });
      if (answer === false) {
        this.readSymbolIds.delete(symbolId);
        return;
      }
      this.accept(symbolId, answer.points);
    } catch (error) {
      this.readSymbolIds.delete(symbolId);
      this.context.log(`The index history of ${symbolId} could not be read`, error);
    }
  }

  private accept(symbolId: number, points: readonly IndexPoint[]): void {
    const newest = points.at(-1);
    const known = this.latest.get(symbolId);
    if (newest && (!known || known.at < newest.at)) {
      this.latest.set(symbolId, newest);
      this.pushPrices({ at: newest.at, prices: [{ symbolId, price: newest.price }] }, this.wanted().live);
    }
    const kept = this.histories.get(symbolId);
    if (!kept || !this.wanted().history.has(symbolId)) return;
    const merged = mergeIndexPoints(kept, points);
    this.histories.set(symbolId, merged);
    this.context.tabs.sendWatching(topicKey({ kind: 'indexHistory', symbolId }), { kind: 'indexHistory', symbolId, points: merged });
  }
}
