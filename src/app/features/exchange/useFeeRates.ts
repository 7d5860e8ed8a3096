/**
 * The fee rates the order form estimates with: what the engine would charge this user on this
 * market now (GET /exchange/fees: the market's maker and taker fees, lowered by the user's VIP
 * tier). Read again when the market or the sign-in changes, after an order was placed (a fill may
 * have raised the user's VIP level), and when the tab comes back into view, so that a fee an
 * operator changed meanwhile shows. Null until the first answer: the form then shows no estimate
 * rather than a figure that may be wrong.
 */
import { useCallback, useEffect, useState } from 'react';
import { feeRatesCall } from '../../../shared/api/exchange';
import { callApi } from '../../api/client';
import type { FeeRates } from './orderRules';

export function useFeeRates(symbolId: number, signedIn: boolean): { rates: FeeRates | null; refresh: () => void } {
  const [answer, setAnswer] = useState<{ key: string; rates: FeeRates } | null>(null);
  const key = `${symbolId}:${signedIn ? 'user' : 'visitor'}`;

  const refresh = useCallback(() => {
    void callApi(feeRatesCall, { query: { symbol: String(symbolId) } }, { silentAll: true })
      .then((data) => {
        if (data) setAnswer({ key, rates: { maker: BigInt(data.makerFeePpm), taker: BigInt(data.takerFeePpm) } });
      })
      .catch(() => undefined);
  }, [key, symbolId]);

  useEffect(() => {
    refresh();
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refresh]);

  // An answer for another market or another viewer is not this one's.
  return { rates: answer?.key === key ? answer.rates : null, refresh };
}
