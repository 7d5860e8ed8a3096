/**
 * The help-desk widget's rules that need no DOM (spec 4, 5 and 9): the service code of exactly
 * SERVICE_CODE_LENGTH characters, the chat text's line limit and trimming and the text box's
 * rows. The components apply them; the unit tests pin them.
 */
import { CHAT_LINES_MAX, CHAT_TEXTAREA_ROWS_MAX, CHAT_TEXTAREA_ROWS_MIN, SERVICE_CODE_LENGTH } from '../../../shared/constants';

/** Service codes are letters and digits; the server compares them without case. */
const SERVICE_CODE_CHARACTER = /[A-Za-z0-9]/;

/** What the code field keeps of what was typed or pasted: letters and digits, upper case, at most the code's length. */
export function serviceCodeInput(typed: string): string {
  return [...typed]
    .filter((character) => SERVICE_CODE_CHARACTER.test(character))
    .join('')
    .toUpperCase()
    .slice(0, SERVICE_CODE_LENGTH);
}

/** A service code may be sent only when it has exactly SERVICE_CODE_LENGTH letters or digits (spec 5). */
export function isServiceCode(code: string): boolean {
  const trimmed = code.trim();
  return trimmed.length === SERVICE_CODE_LENGTH && [...trimmed].every((character) => SERVICE_CODE_CHARACTER.test(character));
}

/** Line breaks as the server counts them: \r\n and \r are one break each. */
function normaliseBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** The draft with lines past CHAT_LINES_MAX cut off (spec 5: "at most 2 lines (extra cut)"). */
export function limitLines(text: string, linesMax: number = CHAT_LINES_MAX): string {
  const lines = normaliseBreaks(text).split('\n');
  return lines.length <= linesMax ? normaliseBreaks(text) : lines.slice(0, linesMax).join('\n');
}

/** The text a send carries: lines limited, then trimmed; null when nothing is left to send. */
export function chatTextToSend(draft: string): string | null {
  const text = limitLines(draft).trim();
  return text === '' ? null : text;
}

/** Whether Shift+Enter may add a line: only while the draft has fewer than CHAT_LINES_MAX lines. */
export function mayAddLine(draft: string): boolean {
  return normaliseBreaks(draft).split('\n').length < CHAT_LINES_MAX;
}

/** The text box's rows for the lines its content takes on screen (wrapped lines count): 1 to 3. */
export function textareaRows(visualLines: number): number {
  if (!Number.isFinite(visualLines)) return CHAT_TEXTAREA_ROWS_MIN;
  return Math.min(CHAT_TEXTAREA_ROWS_MAX, Math.max(CHAT_TEXTAREA_ROWS_MIN, Math.ceil(visualLines)));
}
