/**
 * Help-desk chats (spec 6, ARCHITECTURE.md "Realtime"): the chats tabs follow (a chat its owner
 * or an operator opened, or `helpdesk`, every chat, for operators) joined on the hub's one
 * socket, hidden tabs included, joined again after every reconnect; each message goes to the tabs
 * that follow its chat or every chat, and each topic's state (live, refused, waiting) to the tabs
 * that follow it.
 */
import type { ChatMessage, SubscribeRequest } from '../../shared/realtime';
import { topicKey, type HelpdeskChannelState, type Topic, type TopicOf } from '../protocol';
import type { Feed, HubContext } from '../core/feed';
import type { TabRecord } from '../core/tabs';

type ChatTopic = TopicOf<'chat' | 'helpdesk'>;

/** A help-desk topic as the socket holds it: asked for, joined, or refused by the server. */
interface HeldChannel {
  request: SubscribeRequest;
  state: 'pending' | 'live' | 'refused';
}

function isChatTopic(topic: Topic): topic is ChatTopic {
  return topic.kind === 'chat' || topic.kind === 'helpdesk';
}

function requestOf(topic: ChatTopic): SubscribeRequest {
  return topic.kind === 'chat' ? { channel: 'chat', chatId: topic.chatId } : { channel: 'helpdesk' };
}

const EVERY_CHAT_KEY = topicKey({ kind: 'helpdesk' });

export class ChatsFeed implements Feed {
  /** Help-desk topics asked of the current socket, by topicKey. */
  private readonly held = new Map<string, HeldChannel>();
  /** Topics refused once, for which the socket already connected anew; a second refusal stands. */
  private readonly retried = new Set<string>();
  /** The socket generation in which a reconnect was last asked for, so that refusals ask for one reconnect. */
  private reconnectAskedGeneration = -1;

  constructor(private readonly context: HubContext) {
    context.socket.on('m', (message) => this.onMessage(message));
  }

  /** Each topic new to the tab gets its state now; later changes come as they happen. */
  greet(tab: TabRecord, added: readonly Topic[]): void {
    for (const topic of added) {
      if (!isChatTopic(topic)) continue;
      const key = topicKey(topic);
      this.context.tabs.send(tab, { kind: 'chatChannel', key, state: this.stateOf(key) });
    }
  }

  /** Joins what tabs follow and leaves what none follows any more. */
  tabsChanged(): void {
    const wanted = this.wanted();
    for (const key of [...this.retried]) if (!wanted.has(key)) this.retried.delete(key);
    for (const [key, held] of [...this.held]) {
      if (wanted.has(key)) continue;
      this.held.delete(key);
      if (held.state !== 'refused') this.context.socket.unsubscribe(held.request);
    }
    if (!this.context.socket.connected) return;
    for (const [key, topic] of wanted) if (!this.held.has(key)) void this.join(key, topic);
  }

  connectionChanged(connected: boolean): void {
    this.held.clear();
    if (!connected) for (const key of this.wanted().keys()) this.publishState(key);
    this.tabsChanged();
  }

  private wanted(): Map<string, ChatTopic> {
    return new Map<string, ChatTopic>([...this.context.tabs.watched('chat'), ...this.context.tabs.watched('helpdesk')]);
  }

  /** A topic's state as tabs see it: a join still out is 'waiting'. */
  private stateOf(key: string): HelpdeskChannelState {
    const state = this.context.socket.connected ? this.held.get(key)?.state : undefined;
    return state === 'live' || state === 'refused' ? state : 'waiting';
  }

  private publishState(key: string): void {
    this.context.tabs.sendWatching(key, { kind: 'chatChannel', key, state: this.stateOf(key) });
  }

  private async join(key: string, topic: ChatTopic): Promise<void> {
    const { socket } = this.context;
    const generation = socket.generation;
    const request = requestOf(topic);
    const held: HeldChannel = { request, state: 'pending' };
    this.held.set(key, held);
    const answer = await socket.subscribe(request);
    if (generation !== socket.generation) return;
    if (this.held.get(key) !== held) {
      // No tab follows it any more: the leave may have reached the server before this join did.
      if (answer?.ok) socket.unsubscribe(request);
      return;
    }
    if (answer?.ok) {
      held.state = 'live';
    } else if (answer && !this.retried.has(key)) {
      // A socket's identity is fixed at its handshake. One made before the session cookie existed
      // (a visitor's first chat starts the session) or before a sign-in is refused a chat its
      // session owns: one new handshake presents the session the browser has now.
      this.retried.add(key);
      this.held.delete(key);
      if (this.reconnectAskedGeneration !== generation) {
        this.reconnectAskedGeneration = generation;
        socket.reconnect();
      }
      return;
    } else {
      held.state = 'refused';
    }
    this.publishState(key);
  }

  /** Forwards a help-desk message to the tabs that follow its chat or every chat, once each. */
  private onMessage(message: ChatMessage): void {
    const chatKey = topicKey({ kind: 'chat', chatId: message.chatId });
    for (const tab of this.context.tabs.all()) {
      if (tab.topics.has(chatKey) || tab.topics.has(EVERY_CHAT_KEY)) this.context.tabs.send(tab, { kind: 'chatMessage', message });
    }
  }
}
