/**
 * The help-desk chat as the layout knows it, whether or not the chat panel's chunk has loaded:
 * which chat this phone has (spec 4: "the session id is stored per phone for resume"), whether
 * the panel is open, whether its newest message is on screen, and how many of the desk's
 * messages arrived while it was not (the notice on the service icon). Small on purpose: the
 * service icon is on every first paint; the panel and its calls load when it opens.
 *
 * The stored chat is kept in localStorage under a key per phone: the signed-in profile's phone
 * (its e-mail for an account without one), or one key for the visitors of this browser. The
 * server binds a visitor's chat to the visitor's session anyway, so that key never reaches
 * another person's chat.
 */
import { useSyncExternalStore } from 'react';
import type { Profile } from '../../../shared/api/account';

/** The one key a browser's visitors share: the server's session cookie tells visitors apart. */
export const VISITOR_CHAT_KEY = 'visitor';
const STORAGE_PREFIX = 'helpdesk.chat.';
/** The ids the server gives chats (shared/api/helpdesk.ts): anything else in storage is not ours. */
const CHAT_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The key a chat is stored under: per phone when signed in, one key for visitors (spec 4). */
export function chatSessionKey(profile: Pick<Profile, 'phone' | 'countryCode' | 'email'> | null): string {
  if (!profile) return VISITOR_CHAT_KEY;
  const phone = profile.phone?.trim();
  if (phone) return `phone:${(profile.countryCode ?? '').trim()}${phone}`;
  const email = profile.email?.trim().toLowerCase();
  return email ? `email:${email}` : VISITOR_CHAT_KEY;
}

/** What resumes a chat: its SessionId for the calls, its ChatId for the socket, its start for the title. */
export interface StoredChat {
  sessionId: string;
  chatId: string;
  timeCreated: number;
}

/** A stored record read back, or null when it is missing or not one this app wrote. */
export function parseStoredChat(raw: string | null): StoredChat | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredChat> | null;
    if (
      value &&
      typeof value.sessionId === 'string' &&
      CHAT_KEY_PATTERN.test(value.sessionId) &&
      typeof value.chatId === 'string' &&
      CHAT_KEY_PATTERN.test(value.chatId) &&
      typeof value.timeCreated === 'number' &&
      Number.isFinite(value.timeCreated)
    ) {
      return { sessionId: value.sessionId, chatId: value.chatId, timeCreated: value.timeCreated };
    }
  } catch {
    // Not JSON: not a record of ours, the same as no record.
  }
  return null;
}

export interface HelpdeskView {
  open: boolean;
  /** The panel is open, the tab visible and the newest message in view. */
  onScreen: boolean;
  /** The desk's messages that arrived while the chat was not on screen. */
  unread: number;
  /** Grows whenever a stored chat changes: components that read storedChat render again. */
  chatRevision: number;
  /** Set when the browser refused to keep the chat (storage full or blocked): the panel says so. */
  storageFailure: string | null;
}

let view: HelpdeskView = { open: false, onScreen: false, unread: 0, chatRevision: 0, storageFailure: null };
const listeners = new Set<() => void>();
/** Chats read from or written to storage in this tab, by chatSessionKey. */
const chats = new Map<string, StoredChat | null>();

function update(change: Partial<HelpdeskView>): void {
  view = { ...view, ...change };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useHelpdeskView(): HelpdeskView {
  return useSyncExternalStore(
    subscribe,
    () => view,
    () => view,
  );
}

export function setHelpdeskOpen(open: boolean): void {
  update({ open, onScreen: open && view.onScreen });
}

/** The panel reports whether its newest message is in view; once it is, nothing is unread. */
export function setHelpdeskOnScreen(onScreen: boolean): void {
  if (onScreen === view.onScreen && (!onScreen || view.unread === 0)) return;
  update({ onScreen, unread: onScreen ? 0 : view.unread });
}

/** A message from the desk arrived: counted unless the chat is on screen in a visible tab. */
export function noteDeskMessage(tabVisible: boolean): void {
  if (view.onScreen && tabVisible) return;
  update({ unread: view.unread + 1 });
}

/** The chat stored for a key (read from localStorage once per tab). */
export function storedChat(key: string): StoredChat | null {
  if (chats.has(key)) return chats.get(key) ?? null;
  let chat: StoredChat | null = null;
  try {
    chat = parseStoredChat(window.localStorage.getItem(STORAGE_PREFIX + key));
  } catch (error) {
    // Storage blocked: this tab works without resuming, and the panel says why (after this render).
    const detail = error instanceof Error ? error.message : String(error);
    queueMicrotask(() => update({ storageFailure: detail }));
  }
  chats.set(key, chat);
  return chat;
}

/** Keeps (or, with null, forgets) the chat of a key, in this tab and in localStorage. */
export function rememberChat(key: string, chat: StoredChat | null): void {
  let storageFailure: string | null = null;
  try {
    if (chat) window.localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(chat));
    else window.localStorage.removeItem(STORAGE_PREFIX + key);
  } catch (error) {
    storageFailure = error instanceof Error ? error.message : String(error);
  }
  chats.set(key, chat);
  update({ chatRevision: view.chatRevision + 1, storageFailure });
}
