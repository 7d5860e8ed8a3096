/**
 * The strip at the top of a trading page (spot, futures, binary options): the market's name as the
 * page's heading, with the page's own title for screen readers, which names the document too; then
 * the figures the page passes (its price, its terms). On a component page the frame already has the
 * page's heading and names the document, so the name is a level-2 heading there (`framed`).
 */
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import styles from './TradingHeader.module.css';

const localeRoute = getRouteApi('/{-$locale}');

export interface TradingHeaderProps {
  /** The market as the heading names it. */
  name: string;
  /** The page's title ("Spot trading"): hidden in the heading, first in the document's title after the name. */
  pageTitle: string;
  framed: boolean;
  /** Less padding: the phone layouts. */
  compact?: boolean;
  testId: string;
  nameTestId: string;
  children: ReactNode;
}

export function TradingHeader({ name, pageTitle, framed, compact = false, testId, nameTestId, children }: TradingHeaderProps) {
  const siteName = localeRoute.useLoaderData().name;
  useEffect(() => {
    if (!framed) document.title = `${name} | ${pageTitle} | ${siteName}`;
  }, [name, pageTitle, siteName, framed]);
  const Heading = framed ? 'h2' : 'h1';
  return (
    <header className={styles.header} data-compact={compact || undefined} data-testid={testId}>
      <Heading className={styles.name}>
        {framed ? null : (
          <span className="visually-hidden" data-testid="page-title">
            {pageTitle}
          </span>
        )}
        <span data-testid={nameTestId}>{name}</span>
      </Heading>
      {children}
    </header>
  );
}
