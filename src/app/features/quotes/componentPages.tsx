/**
 * The quotes page's component pages (spec 2: /Quotes/Components/{Page}), each on its own in the
 * page frame with live prices from the hub: the coins the platform lists, the newest listings,
 * the featured markets, the market table, and the market tags (the quote currencies of each
 * market type). The catch-all route loads this file only when one of them opens.
 */
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { MarketSymbol } from '../../../shared/api/market';
import { SYMBOL_TYPE } from '../../../shared/constants';
import { quoteTags } from '../../../shared/market-rules';
import { symbolRoute } from '../../../shared/symbols';
import { useLanguage } from '../../i18n/useLanguage';
import { TYPE_ORDER, useTypeNames } from '../../i18n/typeNames';
import { useQuotes } from '../../state/hub';
import { Badge } from '../../ui/Badge';
import { DataTable } from '../../ui/DataTable';
import { CoinIcon } from '../../ui/MarketBits';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { NewCoinArea } from './NewCoinArea';
import { PromptedSymbols, QuotesScreen } from './QuotesScreen';
import { useSessionFacts, useSessionSymbols } from './useMarketData';
import styles from './quotes.module.css';

/** The symbols this session may see (test-only ones for test accounts). */
function useVisibleSymbols(): MarketSymbol[] {
  const { testEnabled, sessionKey } = useSessionFacts();
  const symbols = useSessionSymbols(sessionKey);
  return useMemo(() => symbols.filter((symbol) => !symbol.testOnly || testEnabled), [symbols, testEnabled]);
}

export function QuotesMarketTablePage() {
  return <QuotesScreen language={useLanguage()} parts="table" />;
}

export function NewCoinAreaPage() {
  return <NewCoinArea language={useLanguage()} />;
}

/** The featured spot markets, priced live. */
export function PromptedSymbolPage() {
  const { t } = useLingui();
  const symbols = useVisibleSymbols();
  const prompted = useMemo(() => symbols.filter((symbol) => symbol.prompted && symbol.type === SYMBOL_TYPE.exchange), [symbols]);
  const quotes = useQuotes(useMemo(() => prompted.map((symbol) => symbol.id), [prompted]));
  if (prompted.length === 0) return <p data-testid="prompted-none">{t`No markets to show yet.`}</p>;
  return <PromptedSymbols symbols={prompted} quoteOf={(id) => quotes.get(id)?.quote} />;
}

interface Coin {
  code: string;
  icon: string;
  markets: MarketSymbol[];
}

/** Every coin the platform trades, with the spot markets it trades in and its price in the first of them. */
export function CoinListsPage() {
  const { t } = useLingui();
  const symbols = useVisibleSymbols();
  const coins = useMemo(() => {
    const byCode = new Map<string, Coin>();
    for (const symbol of symbols) {
      if (symbol.type !== SYMBOL_TYPE.exchange) continue;
      const coin = byCode.get(symbol.baseSymbol) ?? { code: symbol.baseSymbol, icon: symbol.svgIcon, markets: [] };
      coin.markets.push(symbol);
      byCode.set(symbol.baseSymbol, coin);
    }
    return [...byCode.values()].sort((a, b) => a.code.localeCompare(b.code));
  }, [symbols]);
  const quotes = useQuotes(useMemo(() => coins.map((coin) => coin.markets[0]!.id), [coins]));
  return (
    <Panel flush data-testid="coin-lists">
      <DataTable
        columns={[
          {
            key: 'coin',
            label: t`Coin`,
            cell: (coin) => (
              <span className={styles.coinCell}>
                <CoinIcon src={coin.icon} size={20} />
                {coin.code}
              </span>
            ),
          },
          {
            key: 'price',
            label: t`Last price`,
            align: 'end',
            cell: (coin) => {
              const first = coin.markets[0]!;
              const price = quotes.get(first.id)?.quote?.c;
              return price ? `${price} ${first.quoteSymbol}` : '—';
            },
          },
          {
            key: 'markets',
            label: t`Markets`,
            cell: (coin) => (
              <span className={styles.coinMarkets}>
                {coin.markets.map((market) => (
                  <PageLink key={market.id} to={symbolRoute(market)} data-testid="coin-market">
                    {market.name}
                  </PageLink>
                ))}
              </span>
            ),
          },
        ]}
        rows={coins}
        rowKey={(coin) => coin.code}
        caption={t`Coin lists`}
        empty={t`No markets to show yet.`}
      />
    </Panel>
  );
}

/** The market tags: the quote currencies of each market type, with how many markets each has. */
export function TagsWrapperPage() {
  const typeNames = useTypeNames();
  const symbols = useVisibleSymbols();
  return (
    <div className={styles.tagGroups} data-testid="market-tags">
      {TYPE_ORDER.map((type) => {
        const ofType = symbols.filter((symbol) => symbol.type === type);
        const tags = quoteTags(ofType);
        return (
          <Panel key={type} title={typeNames[type]}>
            <ul className={styles.tagList}>
              {tags.map((tag) => {
                const markets = ofType.filter((symbol) => symbol.quoteSymbol === tag).length;
                return (
                  <li key={tag}>
                    <PageLink to={`/quotes?type=${type}&tag=${tag}`} className={styles.tagLink} data-testid="market-tag">
                      {tag} <Badge>{markets}</Badge>
                    </PageLink>
                  </li>
                );
              })}
            </ul>
          </Panel>
        );
      })}
    </div>
  );
}
