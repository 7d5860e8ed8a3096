/** The balance area: the balances of every wallet and transfers between a user's wallets. */
import type { AppModule } from '../module';
import { balanceRoutes } from './routes';

export const balanceModule: AppModule = { name: 'balance', register: balanceRoutes };
