/**
 * The rewards fund's demo balance. Check-in rewards and lucky-draw prizes are paid from
 * systemOwner('rewards'), which may not go below zero (SYSTEM_ACCOUNT_FLOORS): in demo mode it
 * starts with REWARDS_FUND_USDT, moved from genesis as an operator's deposit would be. A real
 * deployment funds it itself; until it does, check-ins and draws are refused (platformLimitReached).
 */
import type { AppContext } from '../context';
import { topUpUsdt } from './house';

export const REWARDS_FUND_USDT = '100000';

export async function seedRewardsFund(context: AppContext): Promise<void> {
  await topUpUsdt(context, 'rewards', REWARDS_FUND_USDT, 'demo rewards fund');
}
