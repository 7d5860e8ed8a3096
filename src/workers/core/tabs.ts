/**
 * The tabs a hub serves (ARCHITECTURE.md, "The hub"): each with its port, its path and language,
 * whether it is visible, and the topics it watches. From them it knows the union every feed
 * serves, whether live feeds flow (`showing`), and the tab whose path and language background
 * requests carry. A push that a tab does not take in time drops the tab: it is closed, crashed or
 * frozen, and attaches again if it ever comes back.
 */
import { REALTIME_LIMITS } from '../../shared/realtime';
import { TimeoutError, withTimeout, type Clock, type TimerHandle } from '../clock';
import { HUB_TIMINGS_MS, topicKey, type HubPush, type TabHello, type TabPort, type TabState, type Topic, type TopicKind, type TopicOf } from '../protocol';

export interface TabRecord extends TabState {
  readonly id: string;
  port: TabPort;
  /** What the tab watches, by topicKey. */
  topics: Map<string, Topic>;
}

export interface TabsOptions {
  clock: Clock;
  /** Calls onGone once the tab holding `tabId`'s Web Lock has closed. */
  watchTab?: (tabId: string, onGone: () => void) => void;
  /** Tabs, their topics or their visibility changed: the feeds bring themselves in line. */
  onChange: () => void;
  log: (message: string, error?: unknown) => void;
}

/** Topics one tab may hold: enough for every symbol on a quotes page, bounded all the same. */
export const TAB_TOPICS_MAX = 2_000;

/** The ids the server gives chats (shared/api/helpdesk.ts): anything else is not sent to it. */
const CHAT_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

function isSymbolId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** A tab's topic rebuilt from its parts, so that nothing else a tab put on it reaches a feed or the server. */
export function cleanTopic(value: unknown): Topic | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const topic = value as Partial<Record<string, unknown>>;
  switch (topic.kind) {
    case 'quotes':
    case 'market':
    case 'index':
    case 'indexHistory':
      return isSymbolId(topic.symbolId) ? { kind: topic.kind, symbolId: topic.symbolId } : undefined;
    case 'chat':
      return typeof topic.chatId === 'string' && CHAT_ID_PATTERN.test(topic.chatId) ? { kind: 'chat', chatId: topic.chatId } : undefined;
    case 'helpdesk':
    case 'futures':
    case 'boption':
      return { kind: topic.kind };
    default:
      return undefined;
  }
}

export class Tabs {
  private readonly records = new Map<string, TabRecord>();
  /** Tabs whose lock the hub waits for: once each, even when a dropped tab attaches again. */
  private readonly watchedTabIds = new Set<string>();
  /** The tab that was visible last: its path and language go with background requests. */
  private activeTabId: string | null = null;
  private showingNow = false;
  private noneVisibleSince: number | null = null;
  private pauseTimer: TimerHandle | null = null;

  constructor(private readonly options: TabsOptions) {}

  /** Adds a tab, or takes a known one's new port; a known tab keeps its topics. */
  attach(hello: TabHello, port: TabPort): TabRecord {
    const known = this.records.get(hello.tabId);
    const tab: TabRecord = {
      id: hello.tabId,
      port,
      visible: hello.visible,
      path: hello.path,
      language: hello.language,
      topics: known?.topics ?? new Map(),
    };
    this.records.set(tab.id, tab);
    if (!this.watchedTabIds.has(tab.id)) {
      this.watchedTabIds.add(tab.id);
      this.options.watchTab?.(tab.id, () => {
        this.watchedTabIds.delete(tab.id);
        this.drop(tab.id);
      });
    }
    if (hello.visible || this.activeTabId === null) this.activeTabId = tab.id;
    this.changed();
    return tab;
  }

  drop(tabId: string): void {
    if (!this.records.delete(tabId)) return;
    if (this.activeTabId === tabId) this.activeTabId = [...this.records.values()].find((tab) => tab.visible)?.id ?? null;
    this.changed();
  }

  /** False when the hub does not know the tab (after a hand-over, or after it was dropped). */
  update(tabId: string, change: Partial<TabState>): boolean {
    const tab = this.records.get(tabId);
    if (!tab) return false;
    const visibilityChanged = change.visible !== undefined && change.visible !== tab.visible;
    tab.visible = change.visible ?? tab.visible;
    tab.path = change.path ?? tab.path;
    tab.language = change.language ?? tab.language;
    if (tab.visible) this.activeTabId = tabId;
    if (visibilityChanged) this.changed();
    return true;
  }

  /**
   * Replaces a tab's topics with the well-formed ones of `topics` (a tab holds at most
   * TAB_TOPICS_MAX, and at most the socket's channel limit of markets). Answers the topics new to
   * the tab, or null when the hub does not know the tab. The feeds learn of it from the caller,
   * which first lets them greet the tab with what they have.
   */
  setTopics(tabId: string, topics: readonly unknown[]): Topic[] | null {
    const tab = this.records.get(tabId);
    if (!tab) return null;
    const next = new Map<string, Topic>();
    let markets = 0;
    for (const value of topics.slice(0, TAB_TOPICS_MAX)) {
      const topic = cleanTopic(value);
      if (!topic || (topic.kind === 'market' && ++markets > REALTIME_LIMITS.subscriptionsMax)) continue;
      next.set(topicKey(topic), topic);
    }
    const added = [...next].filter(([key]) => !tab.topics.has(key)).map(([, topic]) => topic);
    tab.topics = next;
    return added;
  }

  get(tabId: string): TabRecord | undefined {
    return this.records.get(tabId);
  }

  all(): IterableIterator<TabRecord> {
    return this.records.values();
  }

  get size(): number {
    return this.records.size;
  }

  /** The tab that was visible last, whose path and language background requests carry. */
  active(): TabRecord | undefined {
    return this.activeTabId === null ? undefined : this.records.get(this.activeTabId);
  }

  /**
   * Whether live feeds (quotes, books) flow: while a tab is visible, and for a short grace after
   * the last one hid, so that switching from one of our tabs to another (the old one hides before
   * the new one shows) does not leave and rejoin every channel.
   */
  get showing(): boolean {
    return this.showingNow;
  }

  /** Every topic of one kind that some tab watches, hidden tabs included, by topicKey. */
  watched<K extends TopicKind>(kind: K): Map<string, TopicOf<K>> {
    const union = new Map<string, TopicOf<K>>();
    for (const tab of this.records.values()) {
      for (const [key, topic] of tab.topics) if (topic.kind === kind) union.set(key, topic as TopicOf<K>);
    }
    return union;
  }

  /** Whether any tab watches a topic of this kind (paused or not). */
  anyWatching(kind: TopicKind): boolean {
    for (const tab of this.records.values()) for (const topic of tab.topics.values()) if (topic.kind === kind) return true;
    return false;
  }

  /** Pushes to one tab; a tab that does not take it within HUB_TIMINGS_MS.tabCall is dropped. */
  send(tab: TabRecord, message: HubPush): void {
    const delivered = Promise.resolve().then(() => tab.port.push(message));
    withTimeout(delivered, HUB_TIMINGS_MS.tabCall, this.options.clock, 'A tab').catch((error: unknown) => {
      if (!(error instanceof TimeoutError)) this.options.log('A tab failed to take a push', error);
      else if (this.records.get(tab.id) === tab) this.drop(tab.id);
    });
  }

  /** Pushes to every tab that watches the topic named `key`. */
  sendWatching(key: string, message: HubPush): void {
    for (const tab of this.records.values()) if (tab.topics.has(key)) this.send(tab, message);
  }

  broadcast(message: HubPush): void {
    for (const tab of this.records.values()) this.send(tab, message);
  }

  /** Pushes to the visible tabs only (a toast nobody sees is not shown later). */
  sendVisible(message: HubPush): void {
    for (const tab of this.records.values()) if (tab.visible) this.send(tab, message);
  }

  dispose(): void {
    if (this.pauseTimer !== null) this.options.clock.clearTimeout(this.pauseTimer);
    this.pauseTimer = null;
  }

  private changed(): void {
    this.updateShowing();
    this.options.onChange();
  }

  private updateShowing(): void {
    if ([...this.records.values()].some((tab) => tab.visible)) {
      this.noneVisibleSince = null;
      this.showingNow = true;
      if (this.pauseTimer !== null) this.options.clock.clearTimeout(this.pauseTimer);
      this.pauseTimer = null;
      return;
    }
    const now = this.options.clock.now();
    this.noneVisibleSince ??= now;
    const graceLeftMs = this.noneVisibleSince + HUB_TIMINGS_MS.pauseGrace - now;
    this.showingNow = this.records.size > 0 && graceLeftMs > 0;
    if (this.showingNow && this.pauseTimer === null) {
      this.pauseTimer = this.options.clock.setTimeout(() => {
        this.pauseTimer = null;
        this.changed();
      }, graceLeftMs);
    }
  }
}
