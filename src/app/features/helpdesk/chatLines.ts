/**
 * The lines of a chat as the widget and the operator page keep them. Messages come from history
 * reads, from the answers to sends and from the socket, in any order and possibly twice (the
 * server delivers at least once): they are kept once per id, in id order, with the newest state
 * of each (an operator may hide one later). A chat's client does not see hidden messages.
 */
import { HELPDESK_IMAGE_PATH, type HelpdeskMessage } from '../../../shared/api/helpdesk';

/** Chat image names the server makes (server/modules/helpdesk/routes.ts). */
const IMAGE_NAME_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export function mergeMessages(current: readonly HelpdeskMessage[], incoming: readonly HelpdeskMessage[], options: { showHidden: boolean }): HelpdeskMessage[] {
  const byId = new Map<number, HelpdeskMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].filter((message) => options.showHidden || message.visible).sort((a, b) => a.id - b.id);
}

/**
 * Whether an image message's body is an image this server stores: only those are shown as
 * images. A body is whatever the server answered, so it is checked rather than trusted as a URL.
 */
export function isChatImagePath(body: string): boolean {
  const prefix = `${HELPDESK_IMAGE_PATH}/`;
  return body.startsWith(prefix) && IMAGE_NAME_PATTERN.test(body.slice(prefix.length));
}

/** Hours and minutes of a moment in the browser's time zone, for each message's time. */
export function clockTime(epochMs: number): string {
  const moment = new Date(epochMs);
  if (!Number.isFinite(moment.getTime())) return '';
  return `${String(moment.getHours()).padStart(2, '0')}:${String(moment.getMinutes()).padStart(2, '0')}`;
}
