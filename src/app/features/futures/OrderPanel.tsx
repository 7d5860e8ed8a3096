/**
 * The futures order panel (spec 2, the Futures trading page): long or short, market or a limit
 * with its trigger price, the leverage slider over the symbol's choices, the margin (USDT) or the
 * size (base currency), an optional take-profit and stop-loss, and under them the estimate the
 * confirmation repeats: entry, size, cost (margin + open fee) and liquidation price
 * (orderQuote.ts). A visitor sees the panel and a sign-in button where its submit is. Create sends
 * an Idempotency-Key: one key per order on screen, kept while it stays the same, so an order whose
 * answer was lost and is sent again opens once.
 */
import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { futuresCreateCall } from '../../../shared/api/futures';
import { ApiError, isNetworkFailure } from '../../../shared/client/client';
import { FUTURES_USDT, FUTURES_USDT_BASE } from '../../../shared/constants';
import { trimZeros, unitsOf, unitsText } from '../../../shared/decimal';
import { randomId } from '../../../shared/random-id';
import { symbolRoute } from '../../../shared/symbols';
import { callApi } from '../../api/client';
import { AmountInput } from '../../ui/AmountInput';
import { Button, ButtonLink } from '../../ui/Button';
import { Switch, Slider } from '../../ui/Controls';
import { Panel } from '../../ui/Panel';
import { loginPath } from '../../ui/paths';
import { TabPanel, Tabs } from '../../ui/Tabs';
import { OrderConfirmDialog } from './OrderConfirmDialog';
import { Summary } from './Summary';
import { checkOrder, createBody, marginForShare, type FuturesOrderForm, type OrderProblem } from './orderQuote';
import type { FuturesMarket } from './useFutures';
import styles from './futures.module.css';

export interface OrderPanelProps {
  market: FuturesMarket;
  mark: string | null;
  signedIn: boolean;
  /** FTUSDT free to open positions with (futures/stats); null while unknown. */
  available: string | null;
}

/** The leverage a new form starts at: 10x, or the highest choice below it. */
function startingLeverage(choices: readonly number[]): number {
  return [...choices].reverse().find((choice) => choice <= 10) ?? choices[0] ?? 1;
}

export function OrderPanel({ market, mark, signedIn, available }: OrderPanelProps) {
  const { t } = useLingui();
  const { symbol, config, terms } = market;
  const [form, setForm] = useState<FuturesOrderForm>(() => ({
    side: 'long',
    type: 'market',
    leverage: startingLeverage(config.leverages),
    amountMode: 'margin',
    amount: '',
    triggerPrice: '',
    takeProfit: '',
    stopLoss: '',
  }));
  const [stops, setStops] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [showProblem, setShowProblem] = useState(false);
  // The key of the order on screen: kept while the order stays the same, so a resend is one position.
  const keyRef = useRef<{ request: string; key: string } | null>(null);

  const availableUnits = available === null ? null : unitsOf(available, terms.marginScale);
  const order = {
    ...form,
    takeProfit: stops ? form.takeProfit : '',
    stopLoss: stops ? form.stopLoss : '',
  };
  const { estimate, problem } = checkOrder(order, config, terms, mark, signedIn ? availableUnits : null);
  const edit = (change: Partial<FuturesOrderForm>) => {
    setForm((current) => ({ ...current, ...change }));
    setRefusal(null);
  };
  const leverageIndex = Math.max(0, config.leverages.indexOf(form.leverage));
  const base = symbol.baseSymbol;
  const currency = FUTURES_USDT_BASE;
  const minimum = trimZeros(config.minVolume);
  const maximum = trimZeros(config.maxVolume);
  const problemText = showProblem && problem ? problemMessage(problem) : null;

  function problemMessage(which: OrderProblem): string {
    switch (which) {
      case 'mark':
        return t`The mark price is not known yet.`;
      case 'triggerPrice':
        return t`Enter a trigger price.`;
      case 'amount':
        return t`Enter an amount.`;
      case 'volumeMin':
        return t`The size is below the minimum of ${minimum} ${base}.`;
      case 'volumeMax':
        return t`The size is above the maximum of ${maximum} ${base}.`;
      case 'balance':
        return t`The cost is more than your futures account has available.`;
      case 'takeProfit':
        return form.side === 'long' ? t`The take profit must be above the entry price.` : t`The take profit must be below the entry price.`;
      case 'stopLoss':
        return form.side === 'long' ? t`The stop loss must be below the entry price and above the liquidation price.` : t`The stop loss must be above the entry price and below the liquidation price.`;
    }
  }

  const review = () => {
    setShowProblem(true);
    if (problem === null && estimate) setConfirming(true);
  };

  const send = async () => {
    const body = createBody(symbol.symbol, order);
    const request = JSON.stringify(body);
    if (keyRef.current?.request !== request) keyRef.current = { request, key: randomId() };
    setSending(true);
    setRefusal(null);
    try {
      const position = await callApi(futuresCreateCall, { body }, { idempotencyKey: keyRef.current.key });
      if (position === false) throw new Error('refused');
      // The popup comes with the private channel's event, in every tab.
      keyRef.current = null;
      setShowProblem(false);
      edit({ amount: '', triggerPrice: '', takeProfit: '', stopLoss: '' });
    } catch (error) {
      // No answer: the same key goes with the next press, so the position opens at most once.
      if (isNetworkFailure(error)) setRefusal(t`The server did not answer. Confirm again: the position will not open twice.`);
      else if (error instanceof ApiError) setRefusal(error.message);
      throw error;
    } finally {
      setSending(false);
    }
  };

  const amountScale = form.amountMode === 'margin' ? terms.marginScale : terms.volumePrecision;
  return (
    <Panel aria-label={t`Open a position`} data-testid="futures-order-panel">
      <div className={styles.sideSwitch} role="group" aria-label={t`Side`}>
        <Button variant={form.side === 'long' ? 'buy' : 'secondary'} aria-pressed={form.side === 'long'} data-testid="futures-side-long" onClick={() => edit({ side: 'long' })}>
          {t`Long`}
        </Button>
        <Button variant={form.side === 'short' ? 'sell' : 'secondary'} aria-pressed={form.side === 'short'} data-testid="futures-side-short" onClick={() => edit({ side: 'short' })}>
          {t`Short`}
        </Button>
      </div>
      <Tabs
        items={[
          {
            value: 'market',
            label: t({ message: 'Market', context: 'order type' }),
            testId: 'futures-type-market',
          },
          {
            value: 'limit',
            label: t({ message: 'Limit', context: 'order type' }),
            testId: 'futures-type-limit',
          },
        ]}
        value={form.type}
        onValueChange={(value) => edit({ type: value === 'limit' ? 'limit' : 'market' })}
        label={t`Order type`}
        variant="pills"
      >
        <TabPanel value={form.type}>
          <form
            className={styles.orderForm}
            noValidate
            data-testid="futures-order-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (signedIn) review();
            }}
          >
            {form.type === 'limit' ? (
              <AmountInput
                label={t`Trigger price`}
                value={form.triggerPrice}
                onValueChange={(triggerPrice) => edit({ triggerPrice })}
                scale={terms.pricePrecision}
                unit={FUTURES_USDT_BASE}
                hint={form.side === 'long' ? t`Opens when the mark price is at or below it.` : t`Opens when the mark price is at or above it.`}
                partTestIds={{ input: 'futures-trigger' }}
              />
            ) : null}
            <div className={styles.leverage}>
              <span className={styles.leverageLabel}>
                {t`Leverage`} <strong data-testid="futures-leverage-value">{form.leverage}x</strong>
              </span>
              <Slider
                value={leverageIndex}
                onValueChange={(index) => edit({ leverage: config.leverages[index] ?? form.leverage })}
                min={0}
                max={Math.max(1, config.leverages.length - 1)}
                label={t`Leverage`}
                format={(index) => `${config.leverages[index] ?? ''}x`}
                marks={config.leverages.map((_, index) => index).filter((index) => index === 0 || index === config.leverages.length - 1 || index % 2 === 0)}
                testId="futures-leverage"
              />
            </div>
            <div className={styles.sideSwitch} role="group" aria-label={t`Amount in`}>
              <Button
                size="small"
                variant={form.amountMode === 'margin' ? 'primary' : 'secondary'}
                aria-pressed={form.amountMode === 'margin'}
                data-testid="futures-mode-margin"
                onClick={() => edit({ amountMode: 'margin', amount: '' })}
              >
                {t`Margin (${currency})`}
              </Button>
              <Button
                size="small"
                variant={form.amountMode === 'volume' ? 'primary' : 'secondary'}
                aria-pressed={form.amountMode === 'volume'}
                data-testid="futures-mode-volume"
                onClick={() => edit({ amountMode: 'volume', amount: '' })}
              >
                {t`Size (${base})`}
              </Button>
            </div>
            <AmountInput
              label={form.amountMode === 'margin' ? t`Margin` : t`Size`}
              value={form.amount}
              onValueChange={(amount) => edit({ amount })}
              scale={amountScale}
              unit={form.amountMode === 'margin' ? FUTURES_USDT_BASE : symbol.baseSymbol}
              // A share of the margin wallet pays for the margin and its open fee together.
              shares={form.amountMode === 'margin'}
              sharesDisabled={!signedIn || availableUnits === null}
              onShare={(percent) => {
                if (availableUnits !== null) edit({ amount: unitsText(marginForShare(availableUnits, percent, form.leverage, terms), terms.marginScale) });
              }}
              partTestIds={{ input: 'futures-amount', share: (percent) => `futures-share-${percent}` }}
              hint={
                signedIn ? (
                  <span className={styles.availableLine}>
                    <span>{t`Available`}</span>
                    <strong data-testid="futures-available">{available === null ? '…' : `${trimZeros(available)} ${FUTURES_USDT}`}</strong>
                  </span>
                ) : undefined
              }
            />
            <Switch checked={stops} onCheckedChange={setStops} label={t`Take profit / stop loss`} testId="futures-stops" />
            {stops ? (
              <div className={styles.stopFields}>
                <AmountInput
                  label={t`Take profit`}
                  value={form.takeProfit}
                  onValueChange={(takeProfit) => edit({ takeProfit })}
                  scale={terms.pricePrecision}
                  unit={FUTURES_USDT_BASE}
                  partTestIds={{ input: 'futures-take-profit' }}
                />
                <AmountInput
                  label={t`Stop loss`}
                  value={form.stopLoss}
                  onValueChange={(stopLoss) => edit({ stopLoss })}
                  scale={terms.pricePrecision}
                  unit={FUTURES_USDT_BASE}
                  partTestIds={{ input: 'futures-stop-loss' }}
                />
              </div>
            ) : null}
            <Summary
              testId="futures-estimate"
              rows={[
                [t`Entry price (estimate)`, estimate?.entryPrice ?? '—', 'futures-estimate-entry'],
                [
                  form.amountMode === 'margin' ? t`Size` : t`Margin`,
                  estimate ? (form.amountMode === 'margin' ? `${estimate.volume} ${symbol.baseSymbol}` : `${trimZeros(estimate.margin)} ${FUTURES_USDT_BASE}`) : '—',
                  'futures-estimate-other',
                ],
                [t`Cost (margin + open fee)`, estimate ? `${trimZeros(estimate.cost)} ${FUTURES_USDT_BASE}` : '—', 'futures-estimate-cost'],
                [t`Liquidation price`, estimate ? (estimate.liquidationPrice ?? t`None`) : '—', 'futures-estimate-liquidation'],
              ]}
            />
            {problemText ? (
              <p className={styles.refusal} role="alert" data-testid="futures-problem">
                {problemText}
              </p>
            ) : null}
            {refusal ? (
              <p className={styles.refusal} role="alert" data-testid="futures-refusal">
                {refusal}
              </p>
            ) : null}
            {signedIn ? (
              <Button type="submit" variant={form.side === 'long' ? 'buy' : 'sell'} size="large" block data-testid="futures-submit">
                {form.side === 'long' ? t`Open long` : t`Open short`}
              </Button>
            ) : (
              <ButtonLink to={loginPath(symbolRoute(symbol))} size="large" block data-testid="futures-sign-in">
                {t`Log in to trade`}
              </ButtonLink>
            )}
          </form>
        </TabPanel>
      </Tabs>
      {estimate ? (
        <OrderConfirmDialog open={confirming} onOpenChange={setConfirming} symbol={symbol} form={order} estimate={estimate} currency={FUTURES_USDT_BASE} onConfirm={send} busy={sending} />
      ) : null}
    </Panel>
  );
}
