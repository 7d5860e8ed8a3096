/**
 * The operator API: audit, publishing, notifications, site settings, the robots switch, accounts
 * (search and change) and the scheduler (counts, given-up jobs, retry).
 */
import type { AppModule } from '../module';
import { operatorRoutes } from './routes';

export const operatorModule: AppModule = { name: 'operator', register: operatorRoutes };
