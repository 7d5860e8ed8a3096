/**
 * The order form (spec 2, Exchange EntrustOrder): buy or sell, limit or market, the price and
 * amount under the symbol's precisions (spec 5: cut as typed, never rounded), percentage of
 * the available balance, the total, the fee estimate at the maker or taker rate and the
 * available balance. Visitors are sent to log in (/login?from=). An order is sent once
 * however often the button is pressed: a ref guards the gap before React re-renders, the
 * button is disabled while sending, and the order carries a client order id and an
 * idempotency key. A refusal shows the server's translated errmsg (spec 8).
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { createOrderCall } from '../../../shared/api/exchange';
import type { MarketSymbol } from '../../../shared/api/market';
import type { Balance } from '../../../shared/api/balance';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { formatBalance } from '../../../shared/format';
import { ApiError } from '../../../shared/client/client';
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
  PERCENT_CHOICES,
  ratePercentText,
  type OrderFormState,
  type OrderSide,
  type OrderType,
} from './orderRules';
import styles from './exchange.module.css';
import { loginPath } from '../../ui/paths';

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

export function OrderForms(props: OrderFormProps) {
  const { t } = useLingui();
  const [side, setSide] = useState<OrderSide>('buy');
  const [type, setType] = useState<OrderType>('limit');
  return (
    <section className={styles.panel} aria-label={t`Place an order`} data-testid="exchange-order-form">
      <div className={styles.panelHead}>
        <div className={styles.tabs} role="group" aria-label={t`Order type`}>
          <button type="button" className={styles.tab} aria-pressed={type === 'limit'} data-testid="order-type-limit" onClick={() => setType('limit')}>
            {t({ message: 'Limit', context: 'order type' })}
          </button>
          <button type="button" className={styles.tab} aria-pressed={type === 'market'} data-testid="order-type-market" onClick={() => setType('market')}>
            {t({ message: 'Market', context: 'order type' })}
          </button>
        </div>
      </div>
      {props.layout === 'one' ? (
        <div className={styles.sideSwitch} role="group" aria-label={t`Side`}>
          <button type="button" data-side="buy" aria-pressed={side === 'buy'} data-testid="order-side-buy" onClick={() => setSide('buy')}>
            {t`Buy`}
          </button>
          <button type="button" data-side="sell" aria-pressed={side === 'sell'} data-testid="order-side-sell" onClick={() => setSide('sell')}>
            {t`Sell`}
          </button>
        </div>
      ) : null}
      <div className={styles.formColumns}>
        {(props.layout === 'both' ? (['buy', 'sell'] as const) : [side]).map((formSide) => (
          <SideForm key={`${formSide}:${type}:${props.symbol.id}`} {...props} side={formSide} type={type} />
        ))}
      </div>
    </section>
  );
}

function SideForm({ symbol, signedIn, balances, best, lastPrice, pickedPrice, onPlaced, side, type }: OrderFormProps & { side: OrderSide; type: OrderType }) {
  const { t } = useLingui();
  const router = useRouter();
  const localize = useLocalize();
  const { pathname, searchStr } = useLocation();
  const [state, setState] = useState<OrderFormState>({ side, type, price: lastPrice ?? '', amount: '' });
  const [appliedPick, setAppliedPick] = useState(pickedPrice?.at ?? 0);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [problem, setProblem] = useState<'price' | 'amount' | null>(null);
  const sendingRef = useRef(false);
  const ids = { price: useId(), amount: useId(), available: useId() };

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
  const fee = feeEstimate(state, symbol, { taker: isTaker(state, best, symbol), lastPrice });

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
    const clientOrderId = `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    try {
      const order = await callApi(createOrderCall, { body: createBody(state, symbol, clientOrderId) }, { idempotencyKey: clientOrderId });
      if (order === false) return;
      const message =
        order.status === 'filled'
          ? t`Order filled: ${trimZeros(order.filledQuantity)} ${symbol.baseSymbol}`
          : order.status === 'open'
            ? t`Order placed`
            : t`Order closed`;
      showToast(message, ERROR_TOAST_MS, 'success');
      setState((current) => ({ ...current, amount: '' }));
      onPlaced();
    } catch (error) {
      // The client toasted the refusal (spec 8); the form keeps it in view too.
      if (error instanceof ApiError) setRefusal(error.message);
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  const label = !signedIn ? t`Log in to trade` : sending ? t`Sending…` : side === 'buy' ? t`Buy ${symbol.baseSymbol}` : t`Sell ${symbol.baseSymbol}`;
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
      {signedIn ? (
        <p className={styles.availableLine} id={ids.available}>
          <span>{t`Available`}</span>
          <strong data-testid={`available-${side}`} data-currency={spendCurrency}>
            {balances === null ? '…' : `${formatBalance(shownAvailable, spendCurrency)} ${spendCurrency}`}
          </strong>
        </p>
      ) : null}
      {type === 'limit' ? (
        <div className={styles.inputRow} data-invalid={problem === 'price' ? 'true' : undefined}>
          <label htmlFor={ids.price}>{t`Price`}</label>
          <input
            id={ids.price}
            inputMode="decimal"
            autoComplete="off"
            data-testid={`order-price-${side}`}
            value={state.price}
            aria-invalid={problem === 'price' || undefined}
            onChange={(event) => setState({ ...state, price: sanitizeDecimalInput(event.target.value, symbol.pricePrecision) })}
          />
          <span className={styles.unit}>{symbol.quoteSymbol}</span>
        </div>
      ) : (
        <p className={styles.inputRow} data-disabled="true">
          <span>{t`Price`}</span>
          <span className={styles.muted}>{t`Best market price`}</span>
        </p>
      )}
      <div className={styles.inputRow} data-invalid={problem === 'amount' ? 'true' : undefined}>
        <label htmlFor={ids.amount}>{type === 'market' && side === 'buy' ? t`Total` : t`Amount`}</label>
        <input
          id={ids.amount}
          inputMode="decimal"
          autoComplete="off"
          data-testid={`order-amount-${side}`}
          value={state.amount}
          aria-invalid={problem === 'amount' || undefined}
          aria-describedby={signedIn ? ids.available : undefined}
          onChange={(event) => setState({ ...state, amount: sanitizeDecimalInput(event.target.value, scale) })}
        />
        <span className={styles.unit}>{type === 'market' && side === 'buy' ? symbol.quoteSymbol : symbol.baseSymbol}</span>
      </div>
      <div className={styles.percents} role="group" aria-label={t`Share of the available balance`}>
        {PERCENT_CHOICES.map((percent) => (
          <button
            key={percent}
            type="button"
            data-testid={`order-percent-${side}-${percent}`}
            disabled={!signedIn || balances === null}
            onClick={() => {
              const amount = amountForPercent(percent, state, available, symbol);
              if (amount !== null) setState({ ...state, amount });
              else setProblem('price');
            }}
          >
            {percent}%
          </button>
        ))}
      </div>
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
      {problem ? (
        <p className={styles.formError} role="alert">
          {problem === 'price' ? t`Enter a price.` : t`Enter an amount.`}
        </p>
      ) : null}
      {refusal ? (
        <p className={styles.formError} role="alert" data-testid={`order-refusal-${side}`}>
          {refusal}
        </p>
      ) : null}
      <button type="submit" className={styles.submit} data-side={side} data-testid={`order-submit-${side}`} disabled={sending} aria-busy={sending || undefined}>
        {label}
      </button>
    </form>
  );
}
