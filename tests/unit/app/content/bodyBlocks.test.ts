// Proves an article body's plain text becomes headings, paragraphs and lists, and that markup in it stays text to be rendered as such.
import { describe, expect, it } from 'vitest';
import { parseBody } from '../../../../src/app/features/content/bodyBlocks';

describe('parseBody', () => {
  it('splits paragraphs at blank lines and keeps the line breaks inside one', () => {
    expect(parseBody('First line\nsecond line\n\nNext paragraph')).toEqual([
      { kind: 'paragraph', text: 'First line\nsecond line' },
      { kind: 'paragraph', text: 'Next paragraph' },
    ]);
  });

  it('reads "## " lines as headings and "- " lines as list items', () => {
    const body = ['Intro.', '', '## What changes', '- Deposits pause', '- Withdrawals pause', '', 'Thank you.'].join('\n');
    expect(parseBody(body)).toEqual([
      { kind: 'paragraph', text: 'Intro.' },
      { kind: 'heading', text: 'What changes' },
      { kind: 'list', items: ['Deposits pause', 'Withdrawals pause'] },
      { kind: 'paragraph', text: 'Thank you.' },
    ]);
  });

  it('ends a paragraph at a heading or a list item without a blank line, and a list at a plain line', () => {
    expect(parseBody('Text\n## Title\nMore\n- one\n- two\nAfter')).toEqual([
      { kind: 'paragraph', text: 'Text' },
      { kind: 'heading', text: 'Title' },
      { kind: 'paragraph', text: 'More' },
      { kind: 'list', items: ['one', 'two'] },
      { kind: 'paragraph', text: 'After' },
    ]);
  });

  it('accepts Windows and old Mac line ends, trims the edges and ignores empty headings and items', () => {
    expect(parseBody('  Hello  \r\n\r\n##   \r\n-  \r\n- item \r## Head ')).toEqual([
      { kind: 'paragraph', text: 'Hello' },
      { kind: 'list', items: ['item'] },
      { kind: 'heading', text: 'Head' },
    ]);
  });

  it('answers nothing for an empty or blank body', () => {
    expect(parseBody('')).toEqual([]);
    expect(parseBody(' \n\n \t ')).toEqual([]);
  });

  it('keeps markup as the characters it is (the app renders them as text)', () => {
    const script = '<img src=x onerror=alert(1)>';
    expect(parseBody(`## ${script}\n\n${script}\n- ${script}`)).toEqual([
      { kind: 'heading', text: script },
      { kind: 'paragraph', text: script },
      { kind: 'list', items: [script] },
    ]);
  });

  it('does not take "##" without a space or "-" without a space for markup', () => {
    expect(parseBody('##tag\n-5% fee')).toEqual([{ kind: 'paragraph', text: '##tag\n-5% fee' }]);
  });
});
