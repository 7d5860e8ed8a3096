/** The convert area: quotes from the index price and converts against the house's inventory. */
import type { AppModule } from '../module';
import { convertRoutes } from './routes';

export const convertModule: AppModule = { name: 'convert', register: convertRoutes };
