/**
 * The open-order stats (spec 2, Futures OpenOrderStats; futures/stats): equity, available, margin
 * in use, unrealised PnL, margin ratio and today's PnL of the user's futures account. The figures
 * that follow the mark are worked out at the marks now (positionMath.ts liveStats); the others are
 * the server's, read again by the hub whenever the account changes.
 */
import { useLingui } from '@lingui/react/macro';
import type { FuturesPosition, FuturesStats } from '../../../shared/api/futures';
import { FUTURES_USDT_BASE } from '../../../shared/constants';
import { trimZeros } from '../../../shared/decimal';
import type { FuturesTerms } from '../../../shared/futures-math';
import { Panel } from '../../ui/Panel';
import { Stat, StatGroup } from '../../ui/Stat';
import { liveStats } from './positionMath';

function tone(text: string): 'up' | 'down' | 'neutral' {
  return text.startsWith('-') ? 'down' : /[1-9]/.test(text) ? 'up' : 'neutral';
}

export interface OpenOrderStatsProps {
  stats: FuturesStats | null;
  positions: readonly FuturesPosition[];
  termsById: ReadonlyMap<number, FuturesTerms>;
  marks: ReadonlyMap<number, string | null>;
}

export function OpenOrderStats({ stats, positions, termsById, marks }: OpenOrderStatsProps) {
  const { t } = useLingui();
  const live = stats ? liveStats(stats, positions, termsById, marks) : null;
  const money = (text: string | undefined) => (text === undefined ? '—' : `${trimZeros(text)} ${FUTURES_USDT_BASE}`);
  return (
    <Panel title={t`Futures account`} data-testid="futures-stats" aria-busy={stats === null || undefined}>
      <StatGroup label={t`Futures account`}>
        <Stat label={t`Equity`} value={money(live?.equity)} testId="futures-stat-equity" />
        <Stat label={t`Available`} value={money(live?.available)} testId="futures-stat-available" />
        <Stat label={t`Margin in use`} value={money(live?.marginInUse)} testId="futures-stat-margin" />
        <Stat label={t`Unrealised PnL`} value={money(live?.unrealizedPnl)} tone={live ? tone(live.unrealizedPnl) : 'neutral'} testId="futures-stat-pnl" />
        <Stat label={t`Margin ratio`} value={live?.marginRatio ? `${live.marginRatio}%` : '—'} testId="futures-stat-ratio" />
        <Stat label={t`Today's PnL`} value={money(live?.todayPnl)} tone={live ? tone(live.todayPnl) : 'neutral'} testId="futures-stat-today" />
      </StatGroup>
    </Panel>
  );
}
