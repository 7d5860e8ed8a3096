/**
 * Emoticons in chat text (spec 5 and 9): the picker writes emoticon `id` into the text as the
 * token `#id;` (a hash, the id, a semicolon), ids 0 to EMOTICON_COUNT - 1, and messages show
 * each token as its emoticon again. Everything else stays the text it is: the split below makes
 * segments of plain text and emoticon ids, never markup.
 */
import { EMOTICON_COUNT } from '../../../shared/constants';

export type ChatSegment = { kind: 'text'; text: string } | { kind: 'emoticon'; id: number };

/**
 * Ids 0-56 written without leading zeros, as emoticonToken writes them. Not after '&': someone
 * who types an HTML character reference such as `&#39;` means those characters.
 */
const TOKEN = /(?<!&)#(0|[1-9]\d?);/g;

export function isEmoticonId(id: number): boolean {
  return Number.isInteger(id) && id >= 0 && id < EMOTICON_COUNT;
}

/** The token the picker writes for an emoticon. */
export function emoticonToken(id: number): string {
  if (!isEmoticonId(id)) throw new RangeError(`There is no emoticon ${id}`);
  return `#${id};`;
}

/** Splits a message into text and emoticons; a token for an id that does not exist stays text. */
export function tokenizeChatText(text: string): ChatSegment[] {
  const segments: ChatSegment[] = [];
  let textStart = 0;
  const pushText = (end: number) => {
    if (end > textStart) segments.push({ kind: 'text', text: text.slice(textStart, end) });
  };
  for (const match of text.matchAll(TOKEN)) {
    const id = Number(match[1]);
    if (!isEmoticonId(id)) continue;
    pushText(match.index);
    segments.push({ kind: 'emoticon', id });
    textStart = match.index + match[0].length;
  }
  pushText(text.length);
  return segments;
}

/** Whether a message is nothing but emoticons (and spaces): shown larger, like a sticker. */
export function isOnlyEmoticons(segments: readonly ChatSegment[]): boolean {
  return segments.some((segment) => segment.kind === 'emoticon') && segments.every((segment) => segment.kind === 'emoticon' || segment.text.trim() === '');
}
