/** The spot exchange calls: orders placed, cancelled and listed through the engine. */
import type { AppModule } from '../module';
import { exchangeRoutes } from './routes';

export const exchangeModule: AppModule = { name: 'exchange', register: exchangeRoutes };
