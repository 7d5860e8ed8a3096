/**
 * The live quote of the convert form: asked for QUOTE_DEBOUNCE_MS after the form last changed
 * (signed-in users only: /convert/quote needs a session), counted down to its deadline, and asked
 * again as soon as the countdown runs out unless the form is sending. Answers to a form that has
 * moved on since are dropped. Refusals (no liquidity, too small) are shown by the form, not
 * toasted: they answer typing, not an action.
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { convertQuoteCall, type ConvertQuote } from '../../../shared/api/convert';
import { ApiError } from '../../../shared/client/client';
import { callApi } from '../../api/client';
import { QUOTE_DEBOUNCE_MS } from './convertRules';
import { quoteDeadline, remainingFraction, secondsLeft } from './countdown';

export interface QuoteRequest {
  from: string;
  to: string;
  amount: string;
}

export interface QuoteView {
  quote: ConvertQuote | null;
  secondsLeft: number;
  /** How much of the countdown is left, 1 to 0, for its ring. */
  fraction: number;
  loading: boolean;
  error: string | null;
}

interface Answer {
  /** The form (key) and round the answer belongs to. */
  key: string;
  round: number;
  quote: ConvertQuote | null;
  deadlineMs: number;
  spanMs: number;
  error: string | null;
}

const TICK_MS = 250;

export function useQuote(request: QuoteRequest | null, enabled: boolean, paused: boolean): QuoteView & { requote: () => void } {
  const { t } = useLingui();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [round, setRound] = useState(0);
  const [nowMs, setNowMs] = useState(() => Date.now());
  const askedKey = useRef('');
  const key = enabled && request ? `${request.from}>${request.to}:${request.amount}` : '';

  useEffect(() => {
    if (!key || !request) {
      askedKey.current = '';
      return;
    }
    let live = true;
    // A changed form waits for typing to settle; the same form asking again (expiry) does not.
    const delayMs = key === askedKey.current ? 0 : QUOTE_DEBOUNCE_MS;
    askedKey.current = key;
    const failed = (error: string): Answer => ({ key, round, quote: null, deadlineMs: 0, spanMs: 0, error });
    const timer = setTimeout(async () => {
      const startedAt = Date.now();
      try {
        const quote = await callApi(convertQuoteCall, { body: request }, { silentAll: true });
        if (!live) return;
        if (quote === false) {
          setAnswer(failed(t`The price could not be loaded. Try again in a moment.`));
          return;
        }
        const receivedAt = Date.now();
        const deadlineMs = quoteDeadline(receivedAt, quote.validForMs, receivedAt - startedAt);
        setNowMs(receivedAt);
        setAnswer({ key, round, quote, deadlineMs, spanMs: deadlineMs - receivedAt, error: null });
      } catch (error) {
        if (!live) return;
        setAnswer(failed(error instanceof ApiError && error.status !== 401 ? error.message : t`The price could not be loaded. Try again in a moment.`));
      }
    }, delayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // The request is read through its key: a new object with the same fields asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);

  const current = key !== '' && answer?.key === key ? answer : null;
  const loading = key !== '' && (current === null || current.round !== round);
  const deadlineMs = current?.quote ? current.deadlineMs : 0;

  // The countdown ticks while a quote is shown; at zero it asks again unless the form is sending.
  const pausedRef = useRef(paused);
  const loadingRef = useRef(loading);
  useEffect(() => {
    pausedRef.current = paused;
    loadingRef.current = loading;
  });
  useEffect(() => {
    if (deadlineMs === 0) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setNowMs(now);
      if (now >= deadlineMs && !pausedRef.current && !loadingRef.current) {
        loadingRef.current = true;
        setRound((value) => value + 1);
      }
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [deadlineMs]);

  const requote = useCallback(() => setRound((value) => value + 1), []);
  return {
    quote: current?.quote ?? null,
    secondsLeft: current?.quote ? secondsLeft(current.deadlineMs, nowMs) : 0,
    fraction: current?.quote ? remainingFraction(current.deadlineMs, nowMs, current.spanMs) : 0,
    loading,
    error: loading ? null : (current?.error ?? null),
    requote,
  };
}
