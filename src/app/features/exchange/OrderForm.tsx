/**
 * The order form (spec 2, Exchange EntrustOrder): buy or sell, limit or market, the price and
 * amount under the symbol's precisions (spec 5: cut as typed, never rounded), percentage of
 * the available balance, the total, the fee estimate at the maker or taker rate and the
 * available balance. Visitors are sent to log in (/login?from=). An order is sent once
 * however often the button is pressed: a ref guards the gap before React re-renders, the
 * button is disabled while sending, and the order carries a client order id and an
 * idempotency key. A refusal shows the server's translated errmsg (spec 8) until the fields
 * change. An answer that never came (a dropped connection, a 502) does not leave the trader
 * guessing: the form says the outcome is unknown, looks the order up by its client order id
 * (orderCheck.ts) and says what it found; the same order sent again keeps its id, so it cannot be
 * placed twice. The button keeps the keyboard focus while sending. The fields are the kit's amount
 * inputs (their share buttons work out the amount with the order's own rules).
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation, useRouter } from '@tanstack/react-router';
import { memo, useRef, useState } from 'react';
import { createOrderCall, type OrderViewData } from '../../../shared/api/exchange';
import type { MarketSymbol } from '../../../shared/api/market';
import type { Balance } from '../../../shared/api/balance';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { ORDER_FORM_ANCHOR } from '../../../shared/layout';
import { formatBalance } from '../../../shared/format';
import { ApiError, isNetworkFailure } from '../../../shared/client/client';
import { MARKET_ERRCODES } from '../../../shared/errcodes';
import { callApi } from '../../api/client';
import { useLocalize } from '../../i18n/useLanguage';
import { showToast } from '../../state/hub-store';
import { sanitizeDecimalInput, trimZeros } from '../../../shared/decimal';
import {
  amountForPercent,
  amountScale,
  availableText,
  createBody,
  feeEstimate,
  formProblem,
  isTaker,
  orderTotalText,
  ratePercentText,
  type FeeRates,
  type OrderFormState,
  type OrderSide,
  type OrderType,
} from './orderRules';
import { AmountInput } from '../../ui/AmountInput';
import { Button } from '../../ui/Button';
import { FormField, inputClassName } from '../../ui/FormField';
import { Panel } from '../../ui/Panel';
import { loginPath } from '../../ui/paths';
import { TabPanel, Tabs } from '../../ui/Tabs';
import { findSentOrder, LOST_ORDER_CHECK_DELAY_MS, newClientOrderId } from './orderCheck';
import { useFeeRates } from './useFeeRates';
import styles from './exchange.module.css';

/** An order sent whose answer never came, and what the check found so far. */
interface LostOrder {
  clientOrderId: string;
  /** The body it was sent with, less its id: the same order sent again reuses the id. */
  request: string;
  phase: 'checking' | 'absent' | 'unreachable';
}

export interface OrderFormProps {
  symbol: MarketSymbol;
  signedIn: boolean;
  balances: readonly Balance[] | null;
  best: { bid: string | null; ask: string | null };
  lastPrice: string | null;
  /** The price a book row was clicked at (with a counter so the same price applies again). */
  pickedPrice: { price: string; at: number } | null;
  /** Both sides side by side (desktop) or one with a switch (phone). */
  layout: 'both' | 'one';
  onPlaced: () => void;
}

/**
 * Memoised: the form (two sides with their tabs) renders when its own props change, not with the
 * page or panel around it (the trading page renders again when the user's orders or balances
 * come; LiveOrderForms when a book update leaves the best prices as they were) (issue 14: a
 * render on a phone).
 */
export const OrderForms = memo(function OrderForms(props: OrderFormProps) {
  const { t } = useLingui();
  const [side, setSide] = useState<OrderSide>('buy');
  const [type, setType] = useState<OrderType>('limit');
  const fees = useFeeRates(props.symbol.id, props.signedIn);
  const onPlaced = () => {
    fees.refresh();
    props.onPlaced();
  };
  return (
    // The page's second skip link leads here (tabIndex -1 takes the focus it brings).
    <Panel aria-label={t`Place an order`} data-testid="exchange-order-form" id={ORDER_FORM_ANCHOR} tabIndex={-1}>
      <Tabs
        items={[
          { value: 'limit', label: t({ message: 'Limit', context: 'order type' }), testId: 'order-type-limit' },
          { value: 'market', label: t({ message: 'Market', context: 'order type' }), testId: 'order-type-market' },
        ]}
        value={type}
        onValueChange={(value) => setType(value === 'market' ? 'market' : 'limit')}
        label={t`Order type`}
      >
        <TabPanel value={type} className={styles.orderPanel}>
          {props.layout === 'one' ? (
            <div className={styles.sideSwitch} role="group" aria-label={t`Side`}>
              <Button variant={side === 'buy' ? 'buy' : 'secondary'} data-side="buy" aria-pressed={side === 'buy'} data-testid="order-side-buy" onClick={() => setSide('buy')}>
                {t`Buy`}
              </Button>
              <Button variant={side === 'sell' ? 'sell' : 'secondary'} data-side="sell" aria-pressed={side === 'sell'} data-testid="order-side-sell" onClick={() => setSide('sell')}>
                {t`Sell`}
              </Button>
            </div>
          ) : null}
          <div className={styles.formColumns}>
            {(props.layout === 'both' ? (['buy', 'sell'] as const) : [side]).map((formSide) => (
              <SideForm key={`${formSide}:${type}:${props.symbol.id}`} {...props} onPlaced={onPlaced} feeRates={fees.rates} side={formSide} type={type} />
            ))}
          </div>
        </TabPanel>
      </Tabs>
    </Panel>
  );
});

function SideForm({ symbol, signedIn, balances, best, lastPrice, pickedPrice, onPlaced, feeRates, side, type }: OrderFormProps & { feeRates: FeeRates | null; side: OrderSide; type: OrderType }) {
  const { t } = useLingui();
  const router = useRouter();
  const localize = useLocalize();
  const { pathname, searchStr } = useLocation();
  const [state, setState] = useState<OrderFormState>({ side, type, price: lastPrice ?? '', amount: '' });
  const [appliedPick, setAppliedPick] = useState(pickedPrice?.at ?? 0);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [problem, setProblem] = useState<'price' | 'amount' | null>(null);
  const [lost, setLost] = useState<LostOrder | null>(null);
  const sendingRef = useRef(false);

  const [priceFilled, setPriceFilled] = useState(lastPrice !== null);
  // A clicked book price fills a limit form's price once per click (state adjusted while rendering).
  if (pickedPrice && pickedPrice.at !== appliedPick) {
    setAppliedPick(pickedPrice.at);
    if (type === 'limit') setState({ ...state, price: sanitizeDecimalInput(pickedPrice.price, symbol.pricePrecision) });
  }
  // The first known price fills a price field nobody touched yet.
  if (!priceFilled && lastPrice !== null) {
    setPriceFilled(true);
    if (state.price === '') setState({ ...state, price: sanitizeDecimalInput(lastPrice, symbol.pricePrecision) });
  }

  const spendCurrency = side === 'buy' ? symbol.quoteSymbol : symbol.baseSymbol;
  const balanceOf = (currency: string) => balances?.find((balance) => balance.currency === currency);
  const available = {
    base: availableText(balanceOf(symbol.baseSymbol), 8),
    quote: availableText(balanceOf(symbol.quoteSymbol), 8),
  };
  const shownAvailable = side === 'buy' ? available.quote : available.base;
  const scale = amountScale(state, symbol);
  const total = type === 'limit' ? orderTotalText(state.price, state.amount, symbol) : null;
  const fee = feeEstimate(state, symbol, { taker: isTaker(state, best, symbol), lastPrice, rates: feeRates });

  const placedMessage = (order: OrderViewData) =>
    order.status === 'filled' ? t`Order filled: ${trimZeros(order.filledQuantity)} ${symbol.baseSymbol}` : order.status === 'open' ? t`Order placed` : t`Order closed`;
  const placed = (order: OrderViewData) => {
    showToast(placedMessage(order), ERROR_TOAST_MS, 'success');
    setLost(null);
    setState((current) => ({ ...current, amount: '' }));
    onPlaced();
  };
  /** A change to the fields takes back what was said about the old ones. */
  const edit = (next: OrderFormState) => {
    setState(next);
    setRefusal(null);
    setProblem(null);
  };

  const check = async (order: Omit<LostOrder, 'phase'>) => {
    setLost({ ...order, phase: 'checking' });
    await new Promise((resolve) => setTimeout(resolve, LOST_ORDER_CHECK_DELAY_MS));
    const found = await findSentOrder(order.clientOrderId);
    if (found === null || found === 'unreachable') setLost({ ...order, phase: found === null ? 'absent' : 'unreachable' });
    else placed(found);
  };

  const submit = async () => {
    if (!signedIn) {
      void router.navigate({ href: localize(loginPath(pathname + (searchStr ?? ''))) });
      return;
    }
    if (sendingRef.current) return;
    const missing = formProblem(state, symbol);
    setProblem(missing);
    if (missing) return;
    sendingRef.current = true;
    setSending(true);
    setRefusal(null);
    const request = JSON.stringify(createBody(state, symbol, ''));
    // The order whose answer was lost, sent again as it was, keeps its id (the server refuses a second one).
    const resent = lost !== null && lost.phase !== 'checking' && lost.request === request;
    const clientOrderId = resent ? lost.clientOrderId : newClientOrderId();
    let answered = true;
    try {
      const order = await callApi(
        createOrderCall,
        { body: createBody(state, symbol, clientOrderId) },
        { idempotencyKey: clientOrderId, silentErrcodes: resent ? [MARKET_ERRCODES.duplicateClientOrderId] : [] },
      );
      if (order === false) answered = false;
      else placed(order);
    } catch (error) {
      if (isNetworkFailure(error)) answered = false;
      // It was placed after all: the lost answer's order arrived.
      else if (error instanceof ApiError && resent && error.code === MARKET_ERRCODES.duplicateClientOrderId) answered = false;
      // The client toasted the refusal (spec 8); the form keeps it in view too.
      else if (error instanceof ApiError) {
        setRefusal(error.message);
        setLost(null);
      }
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
    if (!answered) await check({ clientOrderId, request });
  };

  const label = !signedIn ? t`Log in to trade` : sending ? t`Sending…` : side === 'buy' ? t`Buy ${symbol.baseSymbol}` : t`Sell ${symbol.baseSymbol}`;
  const marketBuy = type === 'market' && side === 'buy';
  return (
    <form
      className={styles.sideForm}
      data-side={side}
      data-testid={`order-form-${side}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {type === 'limit' ? (
        <AmountInput
          label={t`Price`}
          value={state.price}
          onValueChange={(price) => edit({ ...state, price })}
          scale={symbol.pricePrecision}
          unit={symbol.quoteSymbol}
          error={problem === 'price' ? t`Enter a price.` : null}
          partTestIds={{ input: `order-price-${side}` }}
        />
      ) : (
        <FormField label={t`Price`}>
          {(control) => <input {...control} className={inputClassName} type="text" placeholder={t`Best market price`} disabled />}
        </FormField>
      )}
      <AmountInput
        label={marketBuy ? t`Total` : t`Amount`}
        value={state.amount}
        onValueChange={(amount) => edit({ ...state, amount })}
        scale={scale}
        unit={marketBuy ? symbol.quoteSymbol : symbol.baseSymbol}
        shares
        sharesDisabled={!signedIn || balances === null}
        onShare={(percent) => {
          const amount = amountForPercent(percent, state, available, symbol);
          if (amount !== null) edit({ ...state, amount });
          else setProblem('price');
        }}
        hint={
          signedIn ? (
            <span className={styles.availableLine}>
              <span>{t`Available`}</span>
              <strong data-testid={`available-${side}`} data-currency={spendCurrency}>
                {balances === null ? '…' : `${formatBalance(shownAvailable, spendCurrency)} ${spendCurrency}`}
              </strong>
            </span>
          ) : undefined
        }
        error={problem === 'amount' ? t`Enter an amount.` : null}
        partTestIds={{ input: `order-amount-${side}`, share: (percent) => `order-percent-${side}-${percent}` }}
      />
      <dl className={styles.summary}>
        {type === 'limit' ? (
          <div>
            <dt>{t`Total`}</dt>
            <dd data-testid={`order-total-${side}`}>{total ? `${total} ${symbol.quoteSymbol}` : '—'}</dd>
          </div>
        ) : null}
        <div>
          <dt>{fee ? (fee.role === 'maker' ? t`Fee (maker ${ratePercentText(fee.ratePpm)}%)` : t`Fee (taker ${ratePercentText(fee.ratePpm)}%)`) : t`Fee`}</dt>
          <dd data-testid={`order-fee-${side}`}>{fee ? `≈ ${fee.amount} ${fee.currency}` : '—'}</dd>
        </div>
      </dl>
      {refusal ? (
        <p className={styles.refusal} role="alert" data-testid={`order-refusal-${side}`}>
          {refusal}
        </p>
      ) : null}
      {lost ? <LostOrderNotice phase={lost.phase} side={side} onCheck={() => void check(lost)} /> : null}
      <Button
        type="submit"
        variant={side}
        size="large"
        block
        data-side={side}
        data-testid={`order-submit-${side}`}
        // Not \`disabled\`: that would drop the focus; the form sends one order at a time anyway.
        aria-disabled={sending || undefined}
        aria-busy={sending || undefined}
      >
        {label}
      </Button>
    </form>
  );
}

/** What the form knows about an order whose answer was lost: checking, not placed, or still unknown. */
function LostOrderNotice({ phase, side, onCheck }: { phase: LostOrder['phase']; side: OrderSide; onCheck: () => void }) {
  const { t } = useLingui();
  const text =
    phase === 'checking'
      ? t`No answer came for this order. Checking whether it was placed…`
      : phase === 'absent'
        ? t`The order was not placed. You can send it again.`
        : t`The server cannot be reached, so it is not known whether the order was placed. Check your open orders and order history before you send it again.`;
  return (
    <div className={styles.lostOrder} role={phase === 'checking' ? 'status' : 'alert'} data-testid={`order-lost-${side}`} data-phase={phase}>
      <p>{text}</p>
      {phase === 'unreachable' ? (
        <Button variant="secondary" size="small" onClick={onCheck} data-testid={`order-lost-check-${side}`}>
          {t`Check again`}
        </Button>
      ) : null}
    </div>
  );
}
