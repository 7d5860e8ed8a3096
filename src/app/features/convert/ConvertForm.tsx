/**
 * The convert form (spec 2 /Convert, ConvertForm): a source and a target currency from the
 * pairs (with a swap), the amount under the source currency's decimal rules, the available
 * balance with "Max", the live quote (rate both ways, amount received, the spread it includes)
 * and its countdown, and the Convert button. Visitors see the form and are sent to log in when
 * they convert. A convert is sent once however often the button is pressed: the button is
 * disabled while sending and a ref guards the gap before React re-renders. A success toasts,
 * marks the local assets flag (every tab's asset overview follows) and reads the balances again;
 * a refusal toasts the server's translated errmsg (spec 8). An answer that never came (a dropped
 * connection, a 502) is not left unexplained: the form says the outcome is unknown and sends the
 * same quote again, which is safe (a used quote answers the order it made and moves nothing): the
 * answer is the conversion that happened, or a refusal that proves none did.
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { convertCreateCall, type ConvertOrder, type ConvertPairs } from '../../../shared/api/convert';
import { ApiError, isNetworkFailure } from '../../../shared/client/client';
import { CONVERT_ERRCODES } from '../../../shared/errcodes';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { formatBalance } from '../../../shared/format';
import { formatUnits } from '../../../shared/money';
import { callApi } from '../../api/client';
import { useLocalize } from '../../i18n/useLanguage';
import { showToast } from '../../state/hub-store';
import { loadBalances, markAssetsChanged, session } from '../../state/session';
import { availableUnits, fractionAsPercent, positiveUnits, sanitizeDecimalInput, trimZeros, unitsText } from '../../../shared/decimal';
import { chooseFrom, chooseTo, quoteMatches, quoteRequestOf, scaleOf, sourcesOf, swapCurrencies, targetsOf, type ConvertFormState } from './convertRules';
import { useQuote } from './useQuote';
import { Button } from '../../ui/Button';
import { FormField, inputClassName } from '../../ui/FormField';
import { SwapIcon } from '../../ui/icons';
import { loginPath } from '../../ui/paths';
import { StatusMessage } from '../../ui/StatusMessage';
import styles from './convert.module.css';

/** The check of a convert whose answer was lost waits this long, so that a server still committing it has done it. */
const LOST_CONVERT_CHECK_DELAY_MS = 1_000;

/** A convert sent whose answer never came, and what the check found so far. */
interface LostConvert {
  quoteId: string;
  phase: 'checking' | 'absent' | 'unreachable';
}

export interface ConvertFormProps {
  data: ConvertPairs;
  state: ConvertFormState;
  onChange: (state: ConvertFormState) => void;
  signedIn: boolean;
}

export function ConvertForm({ data, state, onChange, signedIn }: ConvertFormProps) {
  const { t } = useLingui();
  const router = useRouter();
  const localize = useLocalize();
  const { pathname } = useLocation();
  const { balances } = useSnapshot(session);
  const [sending, setSending] = useState(false);
  const [lost, setLost] = useState<LostConvert | null>(null);
  const sendingRef = useRef(false);
  const ids = { from: useId(), to: useId(), available: useId(), overBalance: useId() };

  useEffect(() => {
    if (signedIn) void loadBalances();
  }, [signedIn]);

  const fromScale = scaleOf(data, state.from);
  const balance = balances?.find((entry) => entry.currency === state.from);
  const available = availableUnits(balance, fromScale);
  const request = useMemo(() => quoteRequestOf(data, state), [data, state]);
  const live = useQuote(request, signedIn, sending || lost?.phase === 'checking');
  // Only a quote for exactly what the form shows is shown and used (not one for the last keystroke).
  const quote = { ...live, quote: quoteMatches(live.quote, request, fromScale) ? live.quote : null };
  const units = positiveUnits(state.amount, fromScale);
  const overBalance = signedIn && balances !== null && units !== null && units > available;
  const spreadPercent = fractionAsPercent(data.spread);

  const converted = (order: ConvertOrder) => {
    const paid = trimZeros(order.fromAmount);
    const received = trimZeros(order.toAmount);
    showToast(t`Converted ${paid} ${order.from} to ${received} ${order.to}`, ERROR_TOAST_MS, 'success');
    setLost(null);
    markAssetsChanged();
    void loadBalances();
    onChange({ ...state, amount: '' });
  };

  /** Sends the lost convert's quote again: its order if it was made (or is made now), else a refusal that proves none was. */
  const check = async (quoteId: string) => {
    setLost({ quoteId, phase: 'checking' });
    await new Promise((resolve) => setTimeout(resolve, LOST_CONVERT_CHECK_DELAY_MS));
    try {
      const order = await callApi(convertCreateCall, { body: { quoteId } }, { silentAll: true });
      if (order === false) setLost({ quoteId, phase: 'unreachable' });
      else converted(order);
    } catch (error) {
      const refused = error instanceof ApiError && error.status < 500 && error.status !== 401;
      setLost({ quoteId, phase: refused ? 'absent' : 'unreachable' });
    }
  };

  const convert = async () => {
    if (!signedIn) {
      void router.navigate({ href: localize(loginPath(pathname)) });
      return;
    }
    const current = quote.quote;
    if (sendingRef.current || !current || quote.secondsLeft === 0) return;
    sendingRef.current = true;
    setSending(true);
    setLost(null);
    let answered = true;
    try {
      const order = await callApi(convertCreateCall, { body: { quoteId: current.quoteId } });
      if (order === false) answered = false;
      else converted(order);
    } catch (error) {
      if (isNetworkFailure(error)) answered = false;
      // The refusal was toasted (spec 8); an expired quote is replaced at once.
      else if (error instanceof ApiError && error.code === CONVERT_ERRCODES.quoteExpired) quote.requote();
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
    if (!answered) await check(current.quoteId);
  };

  const ready = quote.quote !== null && quote.secondsLeft > 0 && !quote.loading;
  const buttonLabel = !signedIn ? t`Log in to convert` : sending ? t`Converting…` : t`Convert`;
  return (
    <form
      className={styles.form}
      data-testid="convert-form"
      data-quote-state={quote.loading ? 'loading' : quote.quote ? 'ready' : quote.error ? 'error' : 'idle'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void convert();
      }}
    >
      <FormField
        label={t`From`}
        labelExtra={
          signedIn ? (
            <span id={ids.available} data-testid="convert-available">
              {t`Available`}{' '}
              <strong className={styles.availableAmount}>{balances === null ? '…' : `${formatBalance(formatUnits(available, fromScale), state.from)} ${state.from}`}</strong>
            </span>
          ) : undefined
        }
      >
        {(control) => (
          <>
            <div className={styles.inputRow} data-invalid={overBalance ? 'true' : undefined}>
              <input
                {...control}
                className={styles.amount}
                data-testid="convert-amount"
                inputMode="decimal"
                autoComplete="off"
                placeholder={t`Amount`}
                aria-describedby={[control['aria-describedby'], signedIn ? ids.available : null, overBalance ? ids.overBalance : null].filter(Boolean).join(' ') || undefined}
                aria-invalid={overBalance || undefined}
                value={state.amount}
                onChange={(event) => onChange({ ...state, amount: sanitizeDecimalInput(event.target.value, fromScale) })}
              />
              {signedIn ? (
                <Button variant="ghost" size="small" data-testid="convert-max" disabled={available === 0n} onClick={() => onChange({ ...state, amount: unitsText(available, fromScale) })}>
                  {t`Max`}
                </Button>
              ) : null}
              <CurrencySelect id={ids.from} label={t`Currency to convert from`} value={state.from} options={sourcesOf(data)} testId="convert-from" onChange={(from) => onChange(chooseFrom(data, state, from))} />
            </div>
            {overBalance ? (
              <p id={ids.overBalance} className={styles.overBalance} data-testid="convert-over-balance">
                {t`This is more than your available balance.`}
              </p>
            ) : null}
          </>
        )}
      </FormField>

      <div className={styles.swapRow}>
        <Button variant="icon" data-testid="convert-swap" aria-label={t`Swap the currencies`} title={t`Swap the currencies`} onClick={() => onChange(swapCurrencies(data, state))}>
          <SwapIcon />
        </Button>
      </div>

      <FormField label={t`To`}>
        {(control) => (
          <div className={styles.inputRow}>
            <output id={control.id} className={styles.amount} data-testid="convert-receive" aria-live="polite">
              {quote.quote ? quote.quote.toAmount : <span className={styles.placeholder}>0</span>}
            </output>
            <CurrencySelect id={ids.to} label={t`Currency to convert to`} value={state.to} options={targetsOf(data, state.from)} testId="convert-to" onChange={(to) => onChange(chooseTo(state, to))} />
          </div>
        )}
      </FormField>

      {signedIn ? (
        <QuoteDetails quote={quote} from={state.from} to={state.to} spreadPercent={spreadPercent} />
      ) : (
        <StatusMessage testId="convert-quote-signin" tone="neutral" title={t`Log in to get a live price for your amount.`} headingLevel={3} />
      )}

      {lost ? <LostConvertNotice phase={lost.phase} onCheck={() => void check(lost.quoteId)} /> : null}
      {/* aria-disabled, not disabled, while sending: the button keeps the keyboard focus. */}
      <Button
        type="submit"
        size="large"
        block
        data-testid="convert-submit"
        disabled={signedIn && !ready && !sending}
        aria-disabled={sending || undefined}
        aria-busy={sending || undefined}
      >
        {buttonLabel}
      </Button>
    </form>
  );
}

/** What the form knows about a convert whose answer was lost: checking, not made, or still unknown. */
function LostConvertNotice({ phase, onCheck }: { phase: LostConvert['phase']; onCheck: () => void }) {
  const { t } = useLingui();
  const text =
    phase === 'checking'
      ? t`No answer came for this conversion. Checking whether it was made…`
      : phase === 'absent'
        ? t`Nothing was converted. Get a new price and convert again.`
        : t`The server cannot be reached, so it is not known whether the conversion was made. Check your convert history before you convert again.`;
  return (
    <div className={styles.lostConvert} role={phase === 'checking' ? 'status' : 'alert'} data-testid="convert-lost" data-phase={phase}>
      <p>{text}</p>
      {phase === 'unreachable' ? (
        <Button variant="secondary" size="small" onClick={onCheck} data-testid="convert-lost-check">
          {t`Check again`}
        </Button>
      ) : null}
    </div>
  );
}

function QuoteDetails({ quote, from, to, spreadPercent }: { quote: ReturnType<typeof useQuote>; from: string; to: string; spreadPercent: string | null }) {
  const { t } = useLingui();
  if (quote.error) {
    return <StatusMessage testId="convert-quote-error" tone="error" title={quote.error} headingLevel={3} />;
  }
  if (!quote.quote) {
    return (
      <StatusMessage
        testId="convert-quote-empty"
        tone={quote.loading ? 'loading' : 'neutral'}
        title={quote.loading ? t`Getting the best price…` : t`Enter an amount to see the price.`}
        headingLevel={3}
      />
    );
  }
  const price = trimZeros(quote.quote.price);
  const inverse = trimZeros(quote.quote.inversePrice);
  const seconds = quote.secondsLeft;
  return (
    <dl className={styles.quote} data-testid="convert-quote" aria-busy={quote.loading || undefined}>
      <div>
        <dt>{t`Rate`}</dt>
        <dd data-testid="convert-rate">
          1 {from} ≈ {price} {to}
        </dd>
      </div>
      <div>
        <dt>{t`Inverse rate`}</dt>
        <dd>
          1 {to} ≈ {inverse} {from}
        </dd>
      </div>
      {spreadPercent !== null ? (
        <div>
          <dt>{t`Spread`}</dt>
          <dd data-testid="convert-spread">{t`${spreadPercent}% (included in the rate)`}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t`Price refreshes in`}</dt>
        <dd className={styles.countdown} data-testid="convert-countdown" data-seconds={seconds}>
          <CountdownRing fraction={quote.fraction} />
          <span aria-live="off">{t`${seconds} s`}</span>
        </dd>
      </div>
    </dl>
  );
}

/**
 * The quote's countdown ring. The countdown itself is not the kit's Countdown: it runs on the
 * quote hook's clock (countdown.ts), the same one that turns the Convert button off at zero and
 * asks for a new quote, so the seconds shown and the button never disagree; the kit's keeps a
 * clock of its own and writes "8s" where this form says "8 s".
 */
function CountdownRing({ fraction }: { fraction: number }) {
  const radius = 7;
  const circumference = 2 * Math.PI * radius;
  return (
    <svg className={styles.ring} width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
      <circle cx="9" cy="9" r={radius} fill="none" stroke="var(--color-border)" strokeWidth="2" />
      <circle
        cx="9"
        cy="9"
        r={radius}
        fill="none"
        stroke="var(--color-brand)"
        strokeWidth="2"
        strokeDasharray={circumference}
        strokeDashoffset={circumference * (1 - fraction)}
        transform="rotate(-90 9 9)"
      />
    </svg>
  );
}

function CurrencySelect({ id, label, value, options, testId, onChange }: { id: string; label: string; value: string; options: string[]; testId: string; onChange: (code: string) => void }) {
  return (
    <span className={styles.currency}>
      <select id={id} className={inputClassName} aria-label={label} data-testid={testId} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </span>
  );
}
