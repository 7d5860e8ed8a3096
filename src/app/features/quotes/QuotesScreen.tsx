/**
 * The quotes page (spec 2, /Quotes): tabs by symbol type plus the signed-in user's favourites,
 * the quote-currency tags (TagsWrapper), the prompted symbols (PromptedSymbol), the newest
 * listings (NewCoinArea), a search box (at most SEARCH_RESULTS_MAX results, test-only symbols
 * only for testEnabled profiles) and the sortable market table. Prices come from the hub.
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { MarketSymbol, Quote } from '../../../shared/api/market';
import { ERROR_TOAST_MS, SEARCH_RESULTS_MAX, SYMBOL_TYPE, type SymbolType } from '../../../shared/constants';
import type { Language } from '../../../shared/languages';
import { symbolRoute } from '../../../shared/symbols';
import { useLocalize } from '../../i18n/useLanguage';
import { useQuotes } from '../../state/hub';
import { inputClassName } from '../../ui/FormField';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { TabPanel, Tabs } from '../../ui/Tabs';
import { SearchIcon } from '../../ui/icons';
import { ChangeBadge, CoinIcon } from '../../ui/MarketBits';
import { marketRows, quoteIdOf, nextSort, quoteTags, sortMarkets, type MarketSort, type SortKey } from '../../../shared/market-rules';
import { TYPE_ORDER, useTypeNames } from '../../i18n/typeNames';
import { NewCoinArea } from './NewCoinArea';
import { QuotesMarketTable, type QuotesMarketTableProps } from './QuotesMarketTable';
import styles from './quotes.module.css';
import { useFavourites, useSessionFacts, useSessionSymbols } from './useMarketData';
import { loginPath } from '../../ui/paths';
import { showToast } from '../../state/hub-store';
import { useStarAfterSignIn, withStar } from './starAfterSignIn';
import { useStages } from '../../ui/useStages';

type QuotesTab = SymbolType | 'favourites';

/** The quote-currency strip's value for "every currency". */
const ALL_TAGS = 'all';

/** `parts: 'table'` is the market table's own page (/Quotes/Components/QuotesMarketTable): the table without the cards around it. */
/** The type and quote currency a link to the page names, if any. */
export function initialFilter(searchStr: string | undefined): { type: SymbolType; tag: string | null } {
  const params = new URLSearchParams(searchStr ?? '');
  const type = Number(params.get('type'));
  const tag = (params.get('tag') ?? '').trim().toUpperCase();
  return { type: TYPE_ORDER.find((known) => known === type) ?? SYMBOL_TYPE.exchange, tag: /^[A-Z0-9]{2,12}$/.test(tag) ? tag : null };
}

export function QuotesScreen({ language, parts = 'page' }: { language: Language; parts?: 'page' | 'table' }) {
  const { t } = useLingui();
  const typeNames = useTypeNames();
  const router = useRouter();
  const localize = useLocalize();
  const { signedIn, testEnabled, sessionKey } = useSessionFacts();
  const symbols = useSessionSymbols(sessionKey);
  const favourites = useFavourites(signedIn, sessionKey);
  // A link may open the page on a type and a quote currency (/quotes?type=2&tag=USDT: the market tags page does).
  const linked = initialFilter(useLocation().searchStr);
  const [tab, setTab] = useState<QuotesTab>(linked.type);
  const [tag, setTag] = useState<string | null>(linked.tag);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<MarketSort | null>(null);

  const tabs: QuotesTab[] = ['favourites', ...TYPE_ORDER];
  const tabLabel = (item: QuotesTab) => (item === 'favourites' ? t`Favourites` : typeNames[item]);
  const type = tab === 'favourites' ? null : tab;
  const ofType = useMemo(() => symbols.filter((item) => (type === null || item.type === type) && (!item.testOnly || testEnabled)), [symbols, type, testEnabled]);
  const tags = useMemo(() => quoteTags(ofType), [ofType]);
  const activeTag = tag !== null && tags.includes(tag) ? tag : null;
  const rows = marketRows(symbols, { type, tag: activeTag, onlyIds: tab === 'favourites' ? (favourites.ids ?? new Set()) : null, search, testEnabled });
  const prompted = useMemo(() => (parts === 'page' ? ofType.filter((item) => item.prompted) : []), [ofType, parts]);
  const sourceOf = useMemo(() => new Map(symbols.map((item) => [item.id, quoteIdOf(item, symbols, SYMBOL_TYPE.exchange)])), [symbols]);
  const searching = search.trim() !== '';
  // The tabs and filters first, the table and the new listings after that frame is painted: one
  // render of the whole screen was a task of 40 ms on this machine, four times that on a phone.
  const whole = useStages(2) >= 2;

  const choose = (next: string) => {
    setTab(next === 'favourites' ? 'favourites' : (Number(next) as SymbolType));
    setTag(null);
  };
  useStarAfterSignIn(signedIn, favourites, symbols);
  const onStar = (id: number) => {
    if (!signedIn) {
      // Said before the page changes: the star is kept for after sign-in (starAfterSignIn.ts).
      const name = symbols.find((symbol) => symbol.id === id)?.name ?? '';
      showToast(t`Log in to add ${name} to your favourites.`, ERROR_TOAST_MS, 'info');
      void router.navigate({ href: localize(loginPath(withStar(`${window.location.pathname}${window.location.search}`, id))) });
      return;
    }
    void favourites.toggle(id);
  };

  const searchField = (
    <label className={styles.search}>
      <SearchIcon className={styles.searchIcon} />
      <span className="visually-hidden">{t`Search markets`}</span>
      <input
        type="search"
        className={`${inputClassName} ${styles.searchInput}`}
        value={search}
        placeholder={t`Search`}
        autoComplete="off"
        spellCheck={false}
        data-testid="quotes-search"
        onChange={(event) => setSearch(event.target.value)}
      />
    </label>
  );
  const empty =
    tab === 'favourites' && !signedIn ? (
      <PageLink to={loginPath(typeof window === 'undefined' ? '' : window.location.pathname)}>{t`Log in to see your favourites.`}</PageLink>
    ) : searching ? (
      t`No markets match your search.`
    ) : tab === 'favourites' ? (
      t`Tap the star of a market to add it to your favourites.`
    ) : (
      t`No markets to show yet.`
    );
  const table = !whole ? null : (
    <LiveMarketTable
      rows={rows}
      sourceOf={sourceOf}
      sort={sort}
      onSort={(key) => setSort(nextSort(sort, key as SortKey))}
      favourites={favourites}
      onStar={onStar}
      language={language}
      empty={<span data-testid="quotes-empty">{empty}</span>}
    />
  );

  return (
    <div className={styles.screen} data-testid="quotes">
      {prompted.length > 0 ? <LivePromptedSymbols symbols={prompted} sourceOf={sourceOf} /> : null}
      <div className={styles.layout}>
        <Panel aria-label={t`Markets`} className={styles.markets}>
          <Tabs
            label={t`Market types`}
            value={String(tab)}
            onValueChange={choose}
            items={tabs.map((item) => ({ value: String(item), label: tabLabel(item), testId: `quotes-tab-${item}` }))}
          >
            <TabPanel value={String(tab)} className={styles.typePanel}>
              <p className="visually-hidden" role="status" aria-live="polite">
                {searching ? t`${rows.length} results (at most ${SEARCH_RESULTS_MAX})` : ''}
              </p>
              {tags.length > 1 ? (
                <Tabs
                  label={t`Quote currency`}
                  variant="pills"
                  value={activeTag ?? ALL_TAGS}
                  onValueChange={(next) => setTag(next === ALL_TAGS ? null : next)}
                  items={[{ value: ALL_TAGS, label: t`All` }, ...tags.map((item) => ({ value: item, label: item, testId: 'quotes-tag' }))]}
                  trailing={searchField}
                  testId="quotes-tags"
                  className={styles.tagTabs}
                >
                  <TabPanel value={activeTag ?? ALL_TAGS}>{table}</TabPanel>
                </Tabs>
              ) : (
                <>
                  <div className={styles.toolbar}>{searchField}</div>
                  {table}
                </>
              )}
            </TabPanel>
          </Tabs>
        </Panel>
        {parts === 'page' && whole ? <NewCoinArea language={language} /> : null}
      </div>
    </div>
  );
}

/** The quotes of these markets, each read from the market its quote comes from (quoteIdOf). */
function useSourcedQuotes(markets: readonly MarketSymbol[], sourceOf: ReadonlyMap<number, number>): (id: number) => Quote | undefined {
  const quotes = useQuotes(useMemo(() => [...new Set(markets.map((item) => sourceOf.get(item.id) ?? item.id))], [markets, sourceOf]));
  return (id) => quotes.get(sourceOf.get(id) ?? id)?.quote;
}

/**
 * The market table with the hub's live quotes, sorted by them. The quotes are read here, under
 * the tab strips, so that a quote push renders the rows again and not the Radix tab strips above
 * them (issue 14: a push's render was a long task on a phone).
 */
function LiveMarketTable({ rows, sourceOf, sort, ...table }: Omit<QuotesMarketTableProps, 'quoteOf'> & { sourceOf: ReadonlyMap<number, number> }) {
  const quoteOf = useSourcedQuotes(rows, sourceOf);
  return <QuotesMarketTable rows={sortMarkets(rows, sort, quoteOf)} quoteOf={quoteOf} sort={sort} {...table} />;
}

function LivePromptedSymbols({ symbols, sourceOf }: { symbols: readonly MarketSymbol[]; sourceOf: ReadonlyMap<number, number> }) {
  return <PromptedSymbols symbols={symbols} quoteOf={useSourcedQuotes(symbols, sourceOf)} />;
}

/** Quotes/PromptedSymbol: the featured markets of the tab as cards with their live price. */
export function PromptedSymbols({ symbols, quoteOf }: { symbols: readonly MarketSymbol[]; quoteOf: (id: number) => Quote | undefined }) {
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
