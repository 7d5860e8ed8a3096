/**
 * An article's body as React text: headings, paragraphs and lists from its plain text
 * (bodyBlocks.ts). Nothing is ever inserted as HTML, so markup in a body shows as the text it is.
 */
import { useMemo } from 'react';
import { parseBody } from './bodyBlocks';
import styles from './content.module.css';

export function ArticleBody({ body }: { body: string }) {
  const blocks = useMemo(() => parseBody(body), [body]);
  return (
    <div className={styles.body} data-testid="article-body">
      {blocks.map((block, index) => {
        switch (block.kind) {
          case 'heading':
            return <h3 key={index}>{block.text}</h3>;
          case 'paragraph':
            return <p key={index}>{block.text}</p>;
          case 'list':
            return (
              <ul key={index}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{item}</li>
                ))}
              </ul>
            );
        }
      })}
    </div>
  );
}
