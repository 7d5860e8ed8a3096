/** Home/TopSearches (spec 2): the most traded spot markets of the last 24 hours as quick links. */
import { useLingui } from '@lingui/react/macro';
import type { SymbolWithQuote } from '../../../shared/api/market';
import { symbolRoute } from '../../../shared/symbols';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { ChangeBadge, CoinIcon } from '../../ui/MarketBits';
import styles from './home.module.css';

export function TopSearches({ symbols }: { symbols: readonly SymbolWithQuote[] }) {
  const { t } = useLingui();
  if (symbols.length === 0) return null;
  return (
    <Panel aria-labelledby="home-top-heading" data-testid="top-searches" title={<span id="home-top-heading">{t`Top searches`}</span>}>
      <ul className={styles.topList}>
        {symbols.map((symbol) => (
          <li key={symbol.id}>
            <PageLink to={symbolRoute(symbol)} className={styles.topLink} data-testid="top-search">
              <CoinIcon src={symbol.svgIcon} size={20} />
              <span>{symbol.name}</span>
              <ChangeBadge changePercent={symbol.quote.changePercent} />
            </PageLink>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
