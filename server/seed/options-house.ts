/**
 * The options house's demo funds. Binary options are paid from systemOwner('options_house'), which
 * may not go below zero (SYSTEM_ACCOUNT_FLOORS), and an option is taken only while the house could
 * pay every open one's win (server/modules/boption): in demo mode it starts with
 * OPTIONS_HOUSE_USDT, moved from genesis as an operator's deposit would be. A real deployment funds
 * it itself; until it does, options are refused (platformLimitReached).
 */
import type { AppContext } from '../context';
import { topUpUsdt } from './house';

export const OPTIONS_HOUSE_USDT = '1000000';

export async function seedOptionsHouse(context: AppContext): Promise<void> {
  await topUpUsdt(context, 'options_house', OPTIONS_HOUSE_USDT, 'demo options house');
}
