/**
 * Home/HomeMarketList (spec 2): the highlighted markets of every type with their last price and
 * 24 h change, live from the hub (the home config's quote paints first), each a link to its
 * trading page (R-ROUTE-09).
 */
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { HomeSymbol } from '../../../shared/api/market';
import { SYMBOL_TYPE } from '../../../shared/constants';
import { symbolRoute } from '../../../shared/symbols';
import { useQuotes, useSymbols } from '../../state/hub';
import { PageLink } from '../../ui/PageLink';
import { ChangeBadge, CoinIcon } from '../../ui/MarketBits';
import marketStyles from '../../ui/market.module.css';
import { quoteIdOf } from '../../../shared/market-rules';
import { useTypeNames } from '../../i18n/typeNames';
import styles from './home.module.css';

export function HomeMarketList({ symbols }: { symbols: readonly HomeSymbol[] }) {
  const { t } = useLingui();
  const typeNames = useTypeNames();
  const known = useSymbols();
  const quoteIds = useMemo(() => symbols.map((symbol) => quoteIdOf(symbol, known, SYMBOL_TYPE.exchange)), [symbols, known]);
  const quotes = useQuotes(quoteIds);
  return (
    <section className={styles.section} aria-labelledby="home-markets-heading" data-testid="home-markets">
      <div className={styles.sectionHeader}>
        <h2 id="home-markets-heading" className={styles.sectionTitle}>
          {t`Popular markets`}
        </h2>
        <PageLink to="/quotes" className={styles.more}>
          {t`All markets`}
        </PageLink>
      </div>
      <div className={styles.tableWrap}>
        <table className={marketStyles.table}>
          <thead>
            <tr>
              <th scope="col">{t`Market`}</th>
              <th scope="col" className={marketStyles.numeric}>
                {t`Last price`}
              </th>
              <th scope="col" className={marketStyles.numeric}>
                {t`24h change`}
              </th>
            </tr>
          </thead>
          <tbody>
            {symbols.map((symbol, index) => {
              const live = quotes.get(quoteIds[index] ?? symbol.id);
              const quote = live?.quote ?? symbol.quote ?? undefined;
              return (
                <tr key={symbol.id} data-testid="market-row" data-symbol={symbol.symbol} data-type={symbol.type} data-updates={live?.updates ?? 0}>
                  <th scope="row">
                    <PageLink to={symbolRoute(symbol)} className={marketStyles.pair} data-testid="market-link">
                      <CoinIcon src={symbol.svgIcon} />
                      <span className={marketStyles.pairName}>
                        {symbol.baseSymbol}
                        <span className={marketStyles.quoteCurrency}>/{symbol.quoteSymbol}</span>
                      </span>
                      {symbol.type === SYMBOL_TYPE.exchange ? null : <span className={styles.typeTag}>{typeNames[symbol.type]}</span>}
                    </PageLink>
                  </th>
                  <td className={marketStyles.numeric} data-testid="market-price">
                    {quote?.c ?? '—'}
                  </td>
                  <td className={marketStyles.numeric}>
                    <ChangeBadge changePercent={quote?.changePercent} testId="market-change" />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {symbols.length === 0 ? <p className={marketStyles.muted}>{t`No markets to show yet.`}</p> : null}
    </section>
  );
}
