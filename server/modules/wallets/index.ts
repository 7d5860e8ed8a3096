/** The wallets area: the fund details (every movement of a user's money). Balances and transfers are the balance area's. */
import type { AppModule } from '../module';
import { walletsRoutes } from './routes';

export const walletsModule: AppModule = { name: 'wallets', register: walletsRoutes };
