/**
 * The Boption order panel (spec 2, Boption trading page: the period and stake selector with the
 * payout shown, and the order confirmation modal): the symbol's periods, each with its payout
 * rate; the stake within the period's minimum and maximum and the balance available, with quick
 * amounts; what a win pays; and Up and Down, which open the confirmation (direction, period,
 * stake, payout, the index now as the open price estimate). Confirming sends boption/create with
 * an Idempotency-Key: one key per order on screen, kept while it stays the same, so an order whose
 * answer was lost is sent again with the same key and placed once. A refusal (the server's
 * translated errmsg, spec 8) shows in the dialog and under the panel. Visitors see a sign-in
 * button where Up and Down are.
 */
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { boptionCreateCall, type BoptionConfig, type BoptionDirection, type BoptionOrder } from '../../../shared/api/boption';
import type { MarketSymbol } from '../../../shared/api/market';
import { ApiError, isNetworkFailure } from '../../../shared/client/client';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { availableUnits, scaleOfAmount } from '../../../shared/decimal';
import { balanceDecimals, formatBalance } from '../../../shared/format';
import { randomId } from '../../../shared/random-id';
import { symbolRoute } from '../../../shared/symbols';
import { callApi } from '../../api/client';
import { useLanguage } from '../../i18n/useLanguage';
import { showToast } from '../../state/hub-store';
import { loadBalances, markAssetsChanged, session } from '../../state/session';
import { AmountInput } from '../../ui/AmountInput';
import { Badge } from '../../ui/Badge';
import { Button, ButtonLink } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/Dialog';
import { Panel } from '../../ui/Panel';
import { loginPath } from '../../ui/paths';
import { payoutPercent, periodText, stakeProblem, winPayout, type StakeProblem } from './boptionRules';
import { DIRECTION_LABELS, DIRECTION_TONES } from './labels';
import styles from './boption.module.css';

export interface OrderFormProps {
  symbol: MarketSymbol;
  config: BoptionConfig;
  signedIn: boolean;
  /** The index now (the open price estimate); null while there is none. */
  indexPrice: string | null;
  /** The user's open options of every symbol: the limit of open orders counts them all. */
  openCount: number;
  onPlaced: (order: BoptionOrder) => void;
}

function newKey(): string {
  return randomId();
}

export function OrderForm({ symbol, config, signedIn, indexPrice, openCount, onPlaced }: OrderFormProps) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const language = useLanguage();
  const { balances } = useSnapshot(session);
  const [periodSeconds, setPeriodSeconds] = useState(config.periods[0]?.seconds ?? 0);
  const [stake, setStake] = useState('');
  const [confirming, setConfirming] = useState<BoptionDirection | null>(null);
  const [showProblem, setShowProblem] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // The key of the order on screen: kept while the order stays the same, so a resend is one order.
  const keyRef = useRef<{ request: string; key: string } | null>(null);

  const period = config.periods.find((entry) => entry.seconds === periodSeconds) ?? config.periods[0];
  const balance = balances?.find((entry) => entry.currency === config.currency);
  const scale = balance ? scaleOfAmount(balance.balance) : balanceDecimals(config.currency);
  const available = balance ? availableUnits(balance, scale) : undefined;
  const problem = period ? stakeProblem(stake, period, scale, signedIn ? available : undefined) : 'empty';
  const win = period ? winPayout(stake, period.payoutRate, scale) : null;
  const atLimit = openCount >= config.openOrdersMax;
  const money = (amount: string) => `${formatBalance(amount, config.currency)} ${config.currency}`;
  const { currency, openOrdersMax } = config;
  const minStake = period?.minStake ?? '';
  const maxStake = period?.maxStake ?? '';

  const problemText: Record<StakeProblem, string> = {
    empty: t`Enter a stake.`,
    belowMin: t`The stake is below the minimum of ${minStake} ${currency}.`,
    aboveMax: t`The stake is above the maximum of ${maxStake} ${currency}.`,
    overBalance: t`The stake is more than your available balance.`,
  };

  if (!period) {
    return (
      <Panel title={t`Place an option`} data-testid="boption-form">
        <p className={styles.note}>{t`This market takes no options now.`}</p>
      </Panel>
    );
  }

  const review = (direction: BoptionDirection) => {
    setRefusal(null);
    if (problem) {
      setShowProblem(true);
      return;
    }
    setConfirming(direction);
  };

  const place = async () => {
    if (!confirming || sending) return;
    const body = { symbol: symbol.symbol, direction: confirming, periodSeconds: period.seconds, stake };
    const request = JSON.stringify(body);
    if (keyRef.current?.request !== request) keyRef.current = { request, key: newKey() };
    setSending(true);
    setRefusal(null);
    try {
      const order = await callApi(boptionCreateCall, { body }, { idempotencyKey: keyRef.current.key, silentAll: true });
      if (order === false) throw new Error('no order');
      keyRef.current = null;
      const direction = _(DIRECTION_LABELS[order.direction]);
      const openPrice = order.openPrice;
      showToast(t`Option placed: ${direction} from ${openPrice}`, ERROR_TOAST_MS, 'success');
      markAssetsChanged();
      void loadBalances(true);
      onPlaced(order);
    } catch (error) {
      // No answer: the same key goes with the next press, so the option is placed at most once.
      if (isNetworkFailure(error)) setRefusal(t`The server did not answer. Press Confirm again: the option will not be placed twice.`);
      else if (error instanceof ApiError) setRefusal(error.message);
      else setRefusal(t`The option could not be placed.`);
      throw error;
    } finally {
      setSending(false);
    }
  };

  const rate = payoutPercent(period.payoutRate) ?? '—';
  return (
    <Panel title={t`Place an option`} data-testid="boption-form">
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <fieldset className={styles.periods}>
          <legend className={styles.legend}>{t`Period and payout`}</legend>
          {config.periods.map((entry) => {
            const percent = payoutPercent(entry.payoutRate) ?? '—';
            return (
            <Button
              key={entry.seconds}
              variant={entry.seconds === period.seconds ? 'primary' : 'secondary'}
              size="small"
              className={styles.periodButton}
              aria-pressed={entry.seconds === period.seconds}
              data-testid={`boption-period-${entry.seconds}`}
              onClick={() => {
                setPeriodSeconds(entry.seconds);
                setRefusal(null);
              }}
            >
              <span className={styles.periodText}>
                <span className={styles.periodLength}>{periodText(entry.seconds, language)}</span>
                <span className={styles.periodRate}>{percent}%</span>
              </span>
            </Button>
            );
          })}
        </fieldset>
        <AmountInput
          label={t`Stake amount`}
          value={stake}
          onValueChange={(value) => {
            setStake(value);
            setShowProblem(false);
            setRefusal(null);
          }}
          scale={scale}
          unit={config.currency}
          available={signedIn ? available : undefined}
          shares={signedIn}
          sharesDisabled={available === undefined}
          hint={t`From ${minStake} to ${maxStake} ${currency}`}
          error={showProblem && problem ? problemText[problem] : null}
          testId="boption-stake"
        />
        {signedIn ? (
          <p className={styles.line}>
            <span>{t`Available`}</span>
            <strong data-testid="boption-available">{balance ? money(balance.balance) : '—'}</strong>
          </p>
        ) : null}
        <dl className={styles.summary}>
          <div>
            <dt>{t`Payout rate`}</dt>
            <dd data-testid="boption-rate">{rate}%</dd>
          </div>
          <div>
            <dt>{t`A win pays`}</dt>
            <dd data-testid="boption-win">{win ? money(win.payout) : '—'}</dd>
          </div>
          <div>
            <dt>{t`Profit if won`}</dt>
            <dd>{win ? money(win.profit) : '—'}</dd>
          </div>
        </dl>
        {signedIn ? (
          <div className={styles.directions}>
            <Button variant="buy" size="large" disabled={atLimit || indexPrice === null} data-testid="boption-up" onClick={() => review('up')}>
              {t`Up`} ▲
            </Button>
            <Button variant="sell" size="large" disabled={atLimit || indexPrice === null} data-testid="boption-down" onClick={() => review('down')}>
              {t`Down`} ▼
            </Button>
          </div>
        ) : (
          <ButtonLink to={loginPath(symbolRoute(symbol))} block size="large" data-testid="boption-login">
            {t`Log in to trade`}
          </ButtonLink>
        )}
        {atLimit ? <p className={styles.note}>{t`You have ${openOrdersMax} options running, the most at once. Wait for one to settle.`}</p> : null}
        {indexPrice === null ? <p className={styles.note}>{t`There is no index price now: options wait for it.`}</p> : null}
        {refusal ? (
          <p className={styles.refusal} role="alert" data-testid="boption-refusal">
            {refusal}
          </p>
        ) : null}
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={t`Confirm your option`}
        confirmLabel={t`Confirm`}
        confirmVariant={confirming === 'down' ? 'sell' : 'buy'}
        onConfirm={place}
        busy={sending}
        testId="boption-confirm"
      >
        {confirming ? (
          <>
            <dl className={styles.summary}>
              <div>
                <dt>{t`Pair`}</dt>
                <dd>{symbol.name}</dd>
              </div>
              <div>
                <dt>{t`Direction`}</dt>
                <dd>
                  <Badge tone={DIRECTION_TONES[confirming]} data-testid="boption-confirm-direction">
                    {_(DIRECTION_LABELS[confirming])}
                  </Badge>
                </dd>
              </div>
              <div>
                <dt>{t`Period`}</dt>
                <dd data-testid="boption-confirm-period">{periodText(period.seconds, language)}</dd>
              </div>
              <div>
                <dt>{t`Stake amount`}</dt>
                <dd data-testid="boption-confirm-stake">{money(stake)}</dd>
              </div>
              <div>
                <dt>{t`A win pays`}</dt>
                <dd data-testid="boption-confirm-payout">
                  {win ? money(win.payout) : '—'} ({rate}%)
                </dd>
              </div>
              <div>
                <dt>{t`Open price (estimate)`}</dt>
                <dd data-testid="boption-confirm-open">{indexPrice ?? '—'}</dd>
              </div>
            </dl>
            <p className={styles.note}>
              {confirming === 'up'
                ? t`The open price is the index when the option is accepted. Above it at expiry the option wins, at it the stake comes back, below it the stake is lost.`
                : t`The open price is the index when the option is accepted. Below it at expiry the option wins, at it the stake comes back, above it the stake is lost.`}
            </p>
            {refusal ? (
              <p className={styles.refusal} role="alert">
                {refusal}
              </p>
            ) : null}
          </>
        ) : null}
      </ConfirmDialog>
    </Panel>
  );
}
