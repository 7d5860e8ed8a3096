/**
 * The quotes page (spec 2, /Quotes): tabs by symbol type plus the signed-in user's favourites,
 * the quote-currency tags (TagsWrapper), the prompted symbols (PromptedSymbol), the newest
 * listings (NewCoinArea), a search box (at most SEARCH_RESULTS_MAX results, test-only symbols
 * only for testEnabled profiles) and the sortable market table. Prices come from the hub.
 */
import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { MarketSymbol, Quote } from '../../../shared/api/market';
import { SEARCH_RESULTS_MAX, SYMBOL_TYPE, type SymbolType } from '../../../shared/constants';
import type { Language } from '../../../shared/languages';
import { symbolRoute } from '../../../shared/symbols';
import { useLocalize } from '../../i18n/useLanguage';
import { useQuotes } from '../../state/hub';
import { PageLink } from '../../ui/PageLink';
import { SearchIcon } from '../../ui/icons';
import { ChangeBadge, CoinIcon } from '../../ui/MarketBits';
import marketStyles from '../../ui/market.module.css';
import { bannerIndex, marketRows, quoteIdOf, nextSort, quoteTags, sortMarkets, type MarketSort } from '../../../shared/market-rules';
import { TYPE_ORDER, useTypeNames } from '../../i18n/typeNames';
import { NewCoinArea } from './NewCoinArea';
import { QuotesMarketTable } from './QuotesMarketTable';
import styles from './quotes.module.css';
import { useFavourites, useSessionFacts, useSessionSymbols } from './useMarketData';
import { loginPath } from '../../ui/paths';

type QuotesTab = SymbolType | 'favourites';

export function QuotesScreen({ language }: { language: Language }) {
  const { t } = useLingui();
  const typeNames = useTypeNames();
  const router = useRouter();
  const localize = useLocalize();
  const baseId = useId();
  const { signedIn, testEnabled, sessionKey } = useSessionFacts();
  const symbols = useSessionSymbols(sessionKey);
  const favourites = useFavourites(signedIn, sessionKey);
  const [tab, setTab] = useState<QuotesTab>(SYMBOL_TYPE.exchange);
  const [tag, setTag] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<MarketSort | null>(null);

  const tabs: QuotesTab[] = ['favourites', ...TYPE_ORDER];
  const tabLabel = (item: QuotesTab) => (item === 'favourites' ? t`Favourites` : typeNames[item]);
  const type = tab === 'favourites' ? null : tab;
  const ofType = useMemo(() => symbols.filter((item) => (type === null || item.type === type) && (!item.testOnly || testEnabled)), [symbols, type, testEnabled]);
  const tags = useMemo(() => quoteTags(ofType), [ofType]);
  const activeTag = tag !== null && tags.includes(tag) ? tag : null;
  const rows = marketRows(symbols, { type, tag: activeTag, onlyIds: tab === 'favourites' ? (favourites.ids ?? new Set()) : null, search, testEnabled });
  const prompted = useMemo(() => ofType.filter((item) => item.prompted), [ofType]);
  const sourceOf = useMemo(() => new Map(symbols.map((item) => [item.id, quoteIdOf(item, symbols, SYMBOL_TYPE.exchange)])), [symbols]);
  const watched = useMemo(() => [...new Set([...rows, ...prompted].map((item) => sourceOf.get(item.id) ?? item.id))], [rows, prompted, sourceOf]);
  const quotes = useQuotes(watched);
  const quoteOf = (id: number) => quotes.get(sourceOf.get(id) ?? id)?.quote;
  const sorted = sortMarkets(rows, sort, quoteOf);
  const searching = search.trim() !== '';

  const choose = (next: QuotesTab) => {
    setTab(next);
    setTag(null);
  };
  const onTabKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = tabs[bannerIndex(tabs.indexOf(tab), tabs.length, step)] ?? tab;
    choose(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };
  const onStar = (id: number) => {
    if (!signedIn) {
      const from = `${window.location.pathname}${window.location.search}`;
      void router.navigate({ href: localize(loginPath(from)) });
      return;
    }
    favourites.toggle(id);
  };

  return (
    <div className={styles.screen} data-testid="quotes">
      {prompted.length > 0 ? <PromptedSymbols symbols={prompted} quoteOf={quoteOf} /> : null}
      <div className={styles.layout}>
        <section className={styles.main} aria-label={t`Markets`}>
          <div className={marketStyles.tabs} role="tablist" aria-label={t`Market types`} onKeyDown={onTabKeyDown}>
            {tabs.map((item) => (
              <button
                key={item}
                id={`${baseId}-tab-${item}`}
                type="button"
                role="tab"
                className={marketStyles.tab}
                aria-selected={item === tab}
                aria-controls={`${baseId}-panel`}
                tabIndex={item === tab ? 0 : -1}
                data-testid={`quotes-tab-${item === 'favourites' ? 'favourites' : item}`}
                onClick={() => choose(item)}
              >
                {tabLabel(item)}
              </button>
            ))}
          </div>
          <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${tab}`} className={styles.panel} data-tab={tab}>
            <div className={styles.toolbar}>
              {tags.length > 1 ? (
                <div className={marketStyles.chips} role="group" aria-label={t`Quote currency`} data-testid="quotes-tags">
                  <button type="button" className={marketStyles.chip} aria-pressed={activeTag === null} onClick={() => setTag(null)}>
                    {t`All`}
                  </button>
                  {tags.map((item) => (
                    <button key={item} type="button" className={marketStyles.chip} aria-pressed={activeTag === item} data-testid="quotes-tag" onClick={() => setTag(item)}>
                      {item}
                    </button>
                  ))}
                </div>
              ) : (
                <span />
              )}
              <label className={styles.search}>
                <SearchIcon />
                <span className={marketStyles.visuallyHidden}>{t`Search markets`}</span>
                <input
                  type="search"
                  value={search}
                  placeholder={t`Search`}
                  autoComplete="off"
                  spellCheck={false}
                  data-testid="quotes-search"
                  onChange={(event) => setSearch(event.target.value)}
                />
              </label>
            </div>
            <p className={marketStyles.visuallyHidden} role="status" aria-live="polite">
              {searching ? t`${rows.length} results (at most ${SEARCH_RESULTS_MAX})` : ''}
            </p>
            <div className={styles.tableWrap}>
              <QuotesMarketTable rows={sorted} quoteOf={quoteOf} sort={sort} onSort={(key) => setSort(nextSort(sort, key))} favourites={favourites} onStar={onStar} language={language} />
            </div>
            {rows.length === 0 ? (
              <p className={styles.empty} data-testid="quotes-empty">
                {tab === 'favourites' && !signedIn ? (
                  <PageLink to={loginPath(typeof window === 'undefined' ? '' : window.location.pathname)}>{t`Log in to see your favourites.`}</PageLink>
                ) : searching ? (
                  t`No markets match your search.`
                ) : tab === 'favourites' ? (
                  t`Tap the star of a market to add it to your favourites.`
                ) : (
                  t`No markets to show yet.`
                )}
              </p>
            ) : null}
          </div>
        </section>
        <NewCoinArea language={language} />
      </div>
    </div>
  );
}

/** Quotes/PromptedSymbol: the featured markets of the tab as cards with their live price. */
function PromptedSymbols({ symbols, quoteOf }: { symbols: readonly MarketSymbol[]; quoteOf: (id: number) => Quote | undefined }) {
  const { t } = useLingui();
  return (
    <ul className={styles.prompted} aria-label={t`Featured markets`} data-testid="prompted-symbols">
      {symbols.map((symbol) => {
        const quote = quoteOf(symbol.id);
        return (
          <li key={symbol.id}>
            <PageLink to={symbolRoute(symbol)} className={styles.promptedCard} data-testid="prompted-symbol">
              <span className={styles.promptedName}>
                <CoinIcon src={symbol.svgIcon} size={20} />
                {symbol.name}
              </span>
              <span className={styles.promptedPrice}>{quote?.c ?? '—'}</span>
              <ChangeBadge changePercent={quote?.changePercent} />
            </PageLink>
          </li>
        );
      })}
    </ul>
  );
}
