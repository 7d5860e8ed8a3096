/**
 * Article bodies are plain text, never HTML (src/shared/api/content.ts): paragraphs are separated
 * by a blank line, a line starting with "## " is a heading and lines starting with "- " form a
 * list. This turns a body into those blocks; the app renders every block as text nodes, so
 * whatever an operator typed (markup included) reads as the characters it is.
 */

export type BodyBlock = { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

const HEADING_MARK = '##';
const LIST_ITEM_MARK = '-';

/** The text after a mark and a space ('## Title'), '' for the mark alone, undefined for any other line. */
function afterMark(content: string, mark: string): string | undefined {
  if (content === mark) return '';
  return content.startsWith(`${mark} `) ? content.slice(mark.length + 1).trim() : undefined;
}

/**
 * The blocks of a body, in order. Lines of one paragraph keep their line breaks (joined with
 * "\n"); a heading or a list item ends the paragraph before it; a plain line right after a list
 * starts a new paragraph. Blank and whitespace-only lines only separate blocks.
 */
export function parseBody(body: string): BodyBlock[] {
  const blocks: BodyBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];

  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
    paragraph = [];
  };
  const endList = () => {
    if (list.length > 0) blocks.push({ kind: 'list', items: list });
    list = [];
  };

  for (const rawLine of body.split(/\r\n|\r|\n/)) {
    const content = rawLine.trim();
    const heading = afterMark(content, HEADING_MARK);
    const item = afterMark(content, LIST_ITEM_MARK);
    if (content === '') {
      endParagraph();
      endList();
    } else if (heading !== undefined) {
      endParagraph();
      endList();
      if (heading !== '') blocks.push({ kind: 'heading', text: heading });
    } else if (item !== undefined) {
      endParagraph();
      if (item !== '') list.push(item);
    } else {
      endList();
      paragraph.push(content);
    }
  }
  endParagraph();
  endList();
  return blocks;
}
