/**
 * Home/HomeRanks (spec 2): the rankings of the home config (gainers, losers, volume; not
 * refreshed, R-STATE-15) in tabs, with prices kept live by the hub. It is part of the lazy lower
 * half of the page (HomeBelowFold), so the kit's Radix tabs stay out of the first paint.
 */
import { useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import type { Ranks, SymbolWithQuote } from '../../../shared/api/market';
import { intlLocale, type Language } from '../../../shared/languages';
import { symbolRoute } from '../../../shared/symbols';
import { useQuotes } from '../../state/hub';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { TabPanel, Tabs } from '../../ui/Tabs';
import { ChangeBadge, CoinIcon } from '../../ui/MarketBits';
import { RANK_TABS, compactAmount, isRankTab, rankRows, type RankTab } from '../../../shared/market-rules';
import styles from './home.module.css';

type RankRow = Ranks[RankTab][number];

/**
 * The tab strip and its state. Prices are kept live in RankTable below it, so that a quote push
 * renders the table's rows again and not the Radix tab strip (its roving-focus items took most of
 * a push's render: issue 14, blocking time).
 */
export function HomeRanks({ ranks, language }: { ranks: Ranks; language: Language }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<RankTab>('gainers');
  const headingId = useId();
  const labels: Record<RankTab, string> = { gainers: t`Top gainers`, losers: t`Top losers`, volume: t`Top volume` };
  return (
    <Panel className={styles.tablePanel} aria-labelledby={headingId} data-testid="home-ranks" title={<span id={headingId}>{t`Rankings`}</span>}>
      <Tabs
        label={t`Rankings`}
        value={tab}
        onValueChange={(next) => {
          if (isRankTab(next)) setTab(next);
        }}
        items={RANK_TABS.map((name) => ({ value: name, label: labels[name], testId: `rank-tab-${name}` }))}
      >
        <TabPanel value={tab}>
          <div data-testid="rank-panel" data-tab={tab}>
            <RankTable ranks={ranks} tab={tab} caption={labels[tab]} language={language} />
          </div>
        </TabPanel>
      </Tabs>
    </Panel>
  );
}

/** One ranking's rows, with the hub's live prices. */
function RankTable({ ranks, tab, caption, language }: { ranks: Ranks; tab: RankTab; caption: string; language: Language }) {
  const { t } = useLingui();
  // The server sends at most RANKING_SIZE rows a ranking.
  const rows = useMemo(() => rankRows(ranks, tab, Number.POSITIVE_INFINITY), [ranks, tab]);
  const quotes = useQuotes(useMemo(() => rows.map((row) => row.id), [rows]));
  const quoteOf = (row: RankRow): SymbolWithQuote['quote'] => quotes.get(row.id)?.quote ?? row.quote;

  const columns: DataColumn<RankRow>[] = [
    {
      key: 'market',
      label: t`Market`,
      cell: (row) => (
        <PageLink to={symbolRoute(row)} className={styles.pair}>
          <CoinIcon src={row.svgIcon} />
          <span className={styles.pairName}>
            {row.baseSymbol}
            <span className={styles.quoteCurrency}>/{row.quoteSymbol}</span>
          </span>
        </PageLink>
      ),
    },
    { key: 'price', label: t`Last price`, align: 'end', cell: (row) => quoteOf(row).c },
    tab === 'volume'
      ? {
          key: 'volume',
          label: t`24h volume`,
          align: 'end',
          cell: (row) => (
            <span>
              {compactAmount(quoteOf(row).turnover, intlLocale(language))} <span className={styles.quoteCurrency}>{row.quoteSymbol}</span>
            </span>
          ),
        }
      : { key: 'change', label: t`24h change`, align: 'end', cell: (row) => <ChangeBadge changePercent={quoteOf(row).changePercent} /> },
  ];

  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ 'data-testid': 'rank-row', 'data-symbol': row.symbol })}
      empty={t`No trades in the last 24 hours.`}
      stackOnPhone={false}
    />
  );
}
