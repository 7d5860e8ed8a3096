/**
 * A surface that groups what belongs together (a form, a table, a chart): the card of the design,
 * with an optional heading and actions on its top row. The heading level follows the page: a
 * panel under the page's h1 titles itself with an h2 unless told otherwise.
 */
import type { HTMLAttributes, ReactNode } from 'react';
import styles from './Panel.module.css';

export interface PanelProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  headingLevel?: 2 | 3;
  /** Buttons or links at the end of the top row. */
  actions?: ReactNode;
  /** No inner padding: for a table or a chart that runs to the edges. */
  flush?: boolean;
}

export function Panel({ title, headingLevel = 2, actions, flush = false, className, children, ...rest }: PanelProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={[styles.panel, flush ? styles.flush : '', className ?? ''].filter(Boolean).join(' ')} {...rest}>
      {title !== undefined || actions ? (
        <header className={styles.header}>
          {title !== undefined ? <Heading className={styles.title}>{title}</Heading> : <span />}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </header>
      ) : null}
      {children}
    </section>
  );
}
