/**
 * Home/HomeRanks (spec 2): the rankings of the home config (gainers, losers, volume; not
 * refreshed, R-STATE-15) in tabs, with prices kept live by the hub.
 */
import { useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { Ranks } from '../../../shared/api/market';
import { intlLocale, type Language } from '../../../shared/languages';
import { symbolRoute } from '../../../shared/symbols';
import { useQuotes } from '../../state/hub';
import { PageLink } from '../../ui/PageLink';
import { ChangeBadge, CoinIcon } from '../../ui/MarketBits';
import marketStyles from '../../ui/market.module.css';
import { RANK_TABS, bannerIndex, compactAmount, rankRows, type RankTab } from '../../../shared/market-rules';
import styles from './home.module.css';

export function HomeRanks({ ranks, language }: { ranks: Ranks; language: Language }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<RankTab>('gainers');
  const baseId = useId();
  // The server sends at most RANKING_SIZE rows a ranking.
  const rows = rankRows(ranks, tab, Number.POSITIVE_INFINITY);
  const quotes = useQuotes(useMemo(() => rows.map((row) => row.id), [rows]));
  const labels: Record<RankTab, string> = { gainers: t`Top gainers`, losers: t`Top losers`, volume: t`Top volume` };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = RANK_TABS[bannerIndex(RANK_TABS.indexOf(tab), RANK_TABS.length, step)] ?? 'gainers';
    setTab(next);
    document.getElementById(`${baseId}-${next}`)?.focus();
  };

  return (
    <section className={styles.section} aria-labelledby={`${baseId}-heading`} data-testid="home-ranks">
      <h2 id={`${baseId}-heading`} className={styles.sectionTitle}>
        {t`Rankings`}
      </h2>
      <div className={marketStyles.tabs} role="tablist" aria-labelledby={`${baseId}-heading`} onKeyDown={onKeyDown}>
        {RANK_TABS.map((name) => (
          <button
            key={name}
            id={`${baseId}-${name}`}
            type="button"
            role="tab"
            className={marketStyles.tab}
            aria-selected={name === tab}
            aria-controls={`${baseId}-panel`}
            tabIndex={name === tab ? 0 : -1}
            data-testid={`rank-tab-${name}`}
            onClick={() => setTab(name)}
          >
            {labels[name]}
          </button>
        ))}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-${tab}`} className={styles.tableWrap} data-testid="rank-panel" data-tab={tab}>
        <table className={marketStyles.table}>
          <thead>
            <tr>
              <th scope="col">{t`Market`}</th>
              <th scope="col" className={marketStyles.numeric}>
                {t`Last price`}
              </th>
              <th scope="col" className={marketStyles.numeric}>
                {tab === 'volume' ? t`24h volume` : t`24h change`}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const quote = quotes.get(row.id)?.quote ?? row.quote;
              return (
                <tr key={row.id} data-testid="rank-row" data-symbol={row.symbol}>
                  <th scope="row">
                    <PageLink to={symbolRoute(row)} className={marketStyles.pair}>
                      <CoinIcon src={row.svgIcon} />
                      <span className={marketStyles.pairName}>
                        {row.baseSymbol}
                        <span className={marketStyles.quoteCurrency}>/{row.quoteSymbol}</span>
                      </span>
                    </PageLink>
                  </th>
                  <td className={marketStyles.numeric}>{quote.c}</td>
                  <td className={marketStyles.numeric}>
                    {tab === 'volume' ? (
                      <span>
                        {compactAmount(quote.turnover, intlLocale(language))} <span className={marketStyles.quoteCurrency}>{row.quoteSymbol}</span>
                      </span>
                    ) : (
                      <ChangeBadge changePercent={quote.changePercent} />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {rows.length === 0 ? <p className={marketStyles.muted}>{t`No trades in the last 24 hours.`}</p> : null}
      </div>
    </section>
  );
}
