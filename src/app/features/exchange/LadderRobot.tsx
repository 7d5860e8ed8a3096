/**
 * The trading robot (/Exchange/Components/RobotComponent): it places a ladder of limit orders for
 * the user, spread evenly from a lowest to a highest price, the total amount split between them
 * (ladder.ts). The preview shows every order before anything is sent; the orders then go one at a
 * time, each with its own idempotency key, and the robot stops at the first refusal, saying which
 * orders were placed (they show, and can be cancelled, under the current orders).
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { createOrderCall } from '../../../shared/api/exchange';
import type { MarketSymbol } from '../../../shared/api/market';
import { ApiError } from '../../../shared/client/client';
import { callApi } from '../../api/client';
import { useSignedIn } from '../../state/hub';
import { AmountInput } from '../../ui/AmountInput';
import { Button, ButtonLink } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { FormField, inputClassName } from '../../ui/FormField';
import { Panel } from '../../ui/Panel';
import { loginPath } from '../../ui/paths';
import { StatusMessage } from '../../ui/StatusMessage';
import { TabPanel, Tabs } from '../../ui/Tabs';
import { LADDER_ORDERS_MAX, LADDER_ORDERS_MIN, ladderOrders, type LadderOrder, type LadderProblem } from './ladder';
import type { OrderSide } from './orderRules';
import styles from './exchange.module.css';

type Run = { state: 'placing'; index: number } | { state: 'done'; placed: number } | { state: 'stopped'; placed: number; message: string };

export function LadderRobot({ symbol, onPlaced }: { symbol: MarketSymbol; onPlaced: () => void }) {
  const { t } = useLingui();
  const { pathname, searchStr } = useLocation();
  const signedIn = useSignedIn();
  const [side, setSide] = useState<OrderSide>('buy');
  const [input, setInput] = useState({ low: '', high: '', count: '5', total: '' });
  const [run, setRun] = useState<Run | null>(null);
  const running = useRef(false);
  const ladder = ladderOrders(input, symbol);
  const problem = 'problem' in ladder ? ladder.problem : null;
  const touched = input.low !== '' && input.high !== '' && input.total !== '';
  const problems: Record<LadderProblem, string> = {
    low: t`Enter the lowest price.`,
    high: t`Enter the highest price.`,
    range: t`The highest price must be above the lowest.`,
    count: t`Between ${LADDER_ORDERS_MIN} and ${LADDER_ORDERS_MAX} orders.`,
    total: t`Enter the total amount.`,
    tooSmall: t`The amount is too small to split into ${input.count} orders.`,
    tooClose: t`The prices are too close together for ${input.count} orders.`,
  };

  const place = async (orders: LadderOrder[]) => {
    if (running.current) return;
    running.current = true;
    const batch = `ladder-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    let placed = 0;
    try {
      for (const [index, order] of orders.entries()) {
        setRun({ state: 'placing', index: index + 1 });
        const clientOrderId = `${batch}-${index + 1}`;
        try {
          const answer = await callApi(
            createOrderCall,
            { body: { symbol: symbol.symbol, side, type: 'limit', price: order.price, quantity: order.quantity, clientOrderId } },
            { idempotencyKey: clientOrderId },
          );
          if (answer === false) {
            setRun({ state: 'stopped', placed, message: t`The platform could not be reached.` });
            return;
          }
          placed += 1;
        } catch (error) {
          setRun({ state: 'stopped', placed, message: error instanceof ApiError ? error.message : String(error) });
          return;
        }
      }
      setRun({ state: 'done', placed });
    } finally {
      running.current = false;
      if (placed > 0) onPlaced();
    }
  };

  const field = (key: 'low' | 'high' | 'total') => (value: string) => {
    setInput({ ...input, [key]: value });
    if (run?.state !== 'placing') setRun(null);
  };

  return (
    <Panel title={t`Trading robot`} data-testid="ladder-robot">
      <p className={styles.robotIntro}>{t`The robot places limit orders spread evenly from the lowest price to the highest, and splits the total amount between them.`}</p>
      <Tabs
        items={[
          { value: 'buy', label: t`Buy`, testId: 'ladder-side-buy' },
          { value: 'sell', label: t`Sell`, testId: 'ladder-side-sell' },
        ]}
        value={side}
        onValueChange={(value) => setSide(value === 'sell' ? 'sell' : 'buy')}
        label={t`Side`}
        variant="pills"
      >
        <TabPanel value={side} className={styles.robotForm}>
          <AmountInput label={t`Lowest price`} value={input.low} onValueChange={field('low')} scale={symbol.pricePrecision} unit={symbol.quoteSymbol} testId="ladder-low" />
          <AmountInput label={t`Highest price`} value={input.high} onValueChange={field('high')} scale={symbol.pricePrecision} unit={symbol.quoteSymbol} testId="ladder-high" />
          <FormField label={t`Number of orders`} hint={t`Between ${LADDER_ORDERS_MIN} and ${LADDER_ORDERS_MAX} orders.`} testId="ladder-count">
            {(control) => (
              <input
                {...control}
                className={inputClassName}
                type="number"
                inputMode="numeric"
                min={LADDER_ORDERS_MIN}
                max={LADDER_ORDERS_MAX}
                value={input.count}
                onChange={(event) => setInput({ ...input, count: event.target.value })}
              />
            )}
          </FormField>
          <AmountInput label={t`Total amount`} value={input.total} onValueChange={field('total')} scale={symbol.volumePrecision} unit={symbol.baseSymbol} testId="ladder-total" />
        </TabPanel>
      </Tabs>
      {touched && problem ? <p className={styles.robotProblem} role="status" data-testid="ladder-problem">{problems[problem]}</p> : null}
      {'orders' in ladder ? (
        <>
          <DataTable
            columns={[
              { key: 'number', label: '#', cell: (order) => ladder.orders.indexOf(order) + 1 },
              { key: 'price', label: t`Price`, align: 'end', cell: (order) => `${order.price} ${symbol.quoteSymbol}` },
              { key: 'amount', label: t`Amount`, align: 'end', cell: (order) => `${order.quantity} ${symbol.baseSymbol}` },
              { key: 'value', label: t`Total`, align: 'end', cell: (order) => `${order.value} ${symbol.quoteSymbol}` },
            ]}
            rows={ladder.orders}
            rowKey={(order) => order.price}
            caption={t`The orders the robot will place`}
            density="compact"
            testId="ladder-preview"
          />
          <p className={styles.robotTotal} data-testid="ladder-total-value">
            {side === 'buy' ? t`You spend ${ladder.totalValue} ${symbol.quoteSymbol} in all.` : t`You receive ${ladder.totalValue} ${symbol.quoteSymbol} in all, before fees.`}
          </p>
        </>
      ) : null}
      {run ? <RunStatus run={run} count={'orders' in ladder ? ladder.orders.length : 0} /> : null}
      {signedIn ? (
        <Button
          variant={side}
          block
          disabled={problem !== null || run?.state === 'placing'}
          loading={run?.state === 'placing'}
          onClick={() => 'orders' in ladder && void place(ladder.orders)}
          data-testid="ladder-place"
        >
          {'orders' in ladder ? t`Place ${ladder.orders.length} orders` : t`Place orders`}
        </Button>
      ) : (
        <ButtonLink to={loginPath(pathname + (searchStr ?? ''))} variant="primary" block data-testid="ladder-login">
          {t`Log in to trade`}
        </ButtonLink>
      )}
    </Panel>
  );
}

function RunStatus({ run, count }: { run: Run; count: number }) {
  const { t } = useLingui();
  if (run.state === 'placing') return <StatusMessage tone="loading" title={t`Placing order ${run.index} of ${count}…`} headingLevel={3} testId="ladder-running" />;
  if (run.state === 'done') return <StatusMessage tone="neutral" title={t`All ${run.placed} orders placed.`} headingLevel={3} testId="ladder-done" />;
  return (
    <StatusMessage tone="error" title={t`${run.placed} of ${count} orders placed: the robot stopped.`} headingLevel={3} testId="ladder-stopped">
      <p>{run.message}</p>
    </StatusMessage>
  );
}
