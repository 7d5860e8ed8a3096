/**
 * Home/TopSearches (spec 2): the most traded spot markets of the last 24 hours as quick links. The
 * change is the live one from the hub, as in every other list of the page (the home call's copy is
 * up to a minute old and only fills in until the live quote arrives): one figure, one source.
 */
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { SymbolWithQuote } from '../../../shared/api/market';
import { symbolRoute } from '../../../shared/symbols';
import { useQuotes } from '../../state/hub';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { ChangeBadge, CoinIcon } from '../../ui/MarketBits';
import styles from './home.module.css';

export function TopSearches({ symbols }: { symbols: readonly SymbolWithQuote[] }) {
  const { t } = useLingui();
  const quotes = useQuotes(useMemo(() => symbols.map((symbol) => symbol.id), [symbols]));
  if (symbols.length === 0) return null;
  return (
    <Panel aria-labelledby="home-top-heading" data-testid="top-searches" title={<span id="home-top-heading">{t`Top searches`}</span>}>
      <ul className={styles.topList}>
        {symbols.map((symbol) => (
          <li key={symbol.id}>
            <PageLink to={symbolRoute(symbol)} className={styles.topLink} data-testid="top-search" data-symbol={symbol.symbol}>
              <CoinIcon src={symbol.svgIcon} size={20} />
              <span>{symbol.name}</span>
              <ChangeBadge changePercent={(quotes.get(symbol.id)?.quote ?? symbol.quote).changePercent} testId="top-search-change" />
            </PageLink>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
