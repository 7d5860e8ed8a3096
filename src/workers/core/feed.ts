/**
 * What a feed is and what the hub gives it (ARCHITECTURE.md, "The hub"). A feed is one stream the
 * hub serves every tab from (src/workers/feeds: quotes, symbols, market books, help-desk chats,
 * notifications, the session, the user's account, the site's shared reads); the hub (hub.ts) owns
 * the core (tabs, the socket, storage, the API client) and calls each feed's hooks when what the
 * feed depends on changes. A new stream adds one feed file, and, if tabs ask for it, one topic
 * kind (protocol.ts) and its socket schema (shared/realtime.ts).
 */
import type { ApiClient } from '../../shared/client/client';
import type { Language } from '../../shared/languages';
import type { Clock } from '../clock';
import type { SessionState, Topic } from '../protocol';
import type { HubSocket } from './socket';
import type { HubStore } from './storage';
import type { TabRecord, Tabs } from './tabs';

export interface HubContext {
  readonly clock: Clock;
  /** The API client in the language of the tab that was visible last. */
  readonly api: ApiClient;
  /** The API client that sends this language (config, home, footer are read per language). */
  apiIn(language: Language): ApiClient;
  readonly tabs: Tabs;
  readonly socket: HubSocket;
  readonly storage: HubStore;
  /** Who is signed in, as the session feed knows it. */
  session(): SessionState;
  /** Changes with every new identity and every sign-out: an answer read under an older one is dropped. */
  sessionEpoch(): number;
  /** Something the status shows changed: the hub tells every tab if the status differs. */
  statusChanged(): void;
  /** Concurrent callers of the same read share one request. */
  once<T>(key: string, read: () => Promise<T>): Promise<T>;
  log(message: string, error?: unknown): void;
}

/**
 * How the session changed: a new identity signed in (`began`), the server confirmed the one the
 * hub painted from its cache (`confirmed`), or the user is gone (`ended`, by sign-out or a 401).
 */
export type SessionChange =
  | { kind: 'began' | 'confirmed'; session: Extract<SessionState, { status: 'signedIn' }> }
  | { kind: 'ended'; wasSignedIn: boolean };

export interface Feed {
  /** Reads what the cache keeps for this feed; the hub answers no tab before every feed restored. */
  restore?(): Promise<void>;
  /** Starts the feed's timers, once the cache was read and the socket opened. */
  start?(): void;
  /** A tab started watching these topics: it gets what the feed has for them at once. */
  greet?(tab: TabRecord, added: readonly Topic[]): void;
  /** Tabs, their topics or their visibility changed: serve the new union. */
  tabsChanged?(): void;
  /** The socket came up or went down. */
  connectionChanged?(connected: boolean): void;
  /** Forget or fetch what belongs to a user. Runs before the status goes out to the tabs. */
  sessionChanged?(change: SessionChange): void;
  /** Stops timers (a dedicated worker's hub ends with its leader tab). */
  dispose?(): void;
}
