/**
 * The futures platform accounts' demo funds. The futures house pays traders' profits and the
 * insurance fund what a liquidation after a price gap costs (server/modules/futures); neither may
 * go below zero (SYSTEM_ACCOUNT_FLOORS), and a position is taken only while the house could pay
 * what it owes plus a full move of the new one. In demo mode they start with these amounts, moved
 * from genesis as an operator's deposit would be. A real deployment funds them itself; until it
 * does, new positions are refused (platformLimitReached).
 */
import type { AppContext } from '../context';
import { topUpUsdt } from './house';

export const FUTURES_HOUSE_USDT = '10000000';
export const INSURANCE_FUND_USDT = '1000000';

export async function seedFuturesFunds(context: AppContext): Promise<void> {
  await topUpUsdt(context, 'futures_house', FUTURES_HOUSE_USDT, 'demo futures house');
  await topUpUsdt(context, 'insurance', INSURANCE_FUND_USDT, 'demo insurance fund');
}
