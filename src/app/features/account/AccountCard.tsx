/**
 * The layout of the account pages: one centred card with the page's title, an optional lead
 * sentence, the form, and links below it. The layout hides the footer and the bottom navigation
 * on these pages (spec 2), so the card stands alone under the header.
 */
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useId, type ReactNode } from 'react';
import { Panel } from '../../ui/Panel';
import styles from './account.module.css';

const localeRoute = getRouteApi('/{-$locale}');

export interface AccountCardProps {
  title: string;
  lead?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}

export function AccountCard({ title, lead, footer, children }: AccountCardProps) {
  const config = localeRoute.useLoaderData();
  const headingId = useId();
  useEffect(() => {
    document.title = `${title} | ${config.name}`;
  }, [title, config.name]);
  return (
    <div className={styles.page}>
      <Panel className={styles.card} aria-labelledby={headingId}>
        <header className={styles.cardHeader}>
          <h1 className={styles.title} id={headingId} data-testid="page-title">
            {title}
          </h1>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
        </header>
        {children}
        {footer ? <div className={styles.cardFooter}>{footer}</div> : null}
      </Panel>
    </div>
  );
}
