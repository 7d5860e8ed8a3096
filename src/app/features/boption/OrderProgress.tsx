/**
 * Order progress (spec 2, Boption order progress): the user's running options, soonest expiry
 * first, each with the time left, its open price, the index now and whether it is winning there;
 * then the latest result the hub pushed (won, lost or tie, with the settle price and what it
 * paid), which every open tab shows alike. The results are announced to screen readers.
 */
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import type { BoptionOrder } from '../../../shared/api/boption';
import { formatBalance } from '../../../shared/format';
import { useIndexPrices, useSymbols } from '../../state/hub';
import { Badge } from '../../ui/Badge';
import { Countdown } from '../../ui/Countdown';
import { Panel } from '../../ui/Panel';
import { standingAt, type Standing } from './boptionRules';
import { DIRECTION_LABELS, DIRECTION_TONES, STATUS_LABELS, STATUS_TONES } from './labels';
import styles from './boption.module.css';

/** Running options the panel lists; the rest are in the current orders. */
const RUNNING_SHOWN = 3;

export function OrderProgress({ running, results, currency }: { running: readonly BoptionOrder[]; results: readonly BoptionOrder[]; currency: string }) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const symbols = useSymbols();
  const shown = running.slice(0, RUNNING_SHOWN);
  const prices = useIndexPrices([...new Set(shown.map((order) => order.symbolId))]);
  const latest = results[0];
  const standingText: Record<Standing, string> = { winning: t`Winning now`, losing: t`Losing now`, even: t`Even now` };
  const nameOf = (order: BoptionOrder) => symbols.find((symbol) => symbol.id === order.symbolId)?.name ?? order.symbol;
  const precisionOf = (order: BoptionOrder) => symbols.find((symbol) => symbol.id === order.symbolId)?.pricePrecision ?? 8;
  const money = (amount: string | null) => (amount === null ? '—' : `${formatBalance(amount, currency)} ${currency}`);

  return (
    <Panel title={t`Order progress`} data-testid="boption-progress">
      {shown.length === 0 && !latest ? <p className={styles.note}>{t`Your running options and their results show here.`}</p> : null}
      {shown.length > 0 ? (
        <ul className={styles.progressList}>
          {shown.map((order) => {
            const now = prices.get(order.symbolId)?.price ?? null;
            const standing = standingAt(order, now, precisionOf(order));
            return (
              <li key={order.id} className={styles.progressItem} data-testid="boption-running" data-id={order.id}>
                <div className={styles.progressHead}>
                  <strong>{nameOf(order)}</strong>
                  <Badge tone={DIRECTION_TONES[order.direction]}>{_(DIRECTION_LABELS[order.direction])}</Badge>
                  <Countdown until={order.expiresAt} testId="boption-running-countdown" />
                </div>
                <dl className={styles.summary}>
                  <div>
                    <dt>{t`Open price`}</dt>
                    <dd>{order.openPrice}</dd>
                  </div>
                  <div>
                    <dt>{t`Index now`}</dt>
                    <dd>{now ?? '—'}</dd>
                  </div>
                  <div>
                    <dt>{t`Stake amount`}</dt>
                    <dd>{money(order.stake)}</dd>
                  </div>
                </dl>
                {standing ? (
                  <p className={styles.standing} data-standing={standing}>
                    {standingText[standing]}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <div aria-live="polite" data-testid="boption-result-region">
        {latest ? (
          <div className={styles.result} data-testid="boption-result" data-id={latest.id} data-status={latest.status}>
            <div className={styles.progressHead}>
              <strong>{nameOf(latest)}</strong>
              <Badge tone={DIRECTION_TONES[latest.direction]}>{_(DIRECTION_LABELS[latest.direction])}</Badge>
              <Badge tone={STATUS_TONES[latest.status]} data-testid="boption-result-status">
                {_(STATUS_LABELS[latest.status])}
              </Badge>
            </div>
            <dl className={styles.summary}>
              <div>
                <dt>{t`Open price`}</dt>
                <dd>{latest.openPrice}</dd>
              </div>
              <div>
                <dt>{t`Settle price`}</dt>
                <dd data-testid="boption-result-settle">{latest.settlePrice ?? '—'}</dd>
              </div>
              <div>
                <dt>{t`Paid back`}</dt>
                <dd data-testid="boption-result-payout">{money(latest.payout)}</dd>
              </div>
            </dl>
          </div>
        ) : null}
      </div>
    </Panel>
  );
}
