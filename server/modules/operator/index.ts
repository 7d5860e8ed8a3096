/**
 * The operator API: audit, publishing, notifications, site settings, the robots switch, accounts
 * (search and change) and the scheduler (counts, given-up jobs, retry); and the operator's
 * configuration (issue 21): roles, markets and fee tiers, coins and networks, platform limits, with
 * the audit log of every change (config-routes.ts).
 */
import type { AppModule } from '../module';
import { operatorRoutes } from './routes';

export const operatorModule: AppModule = { name: 'operator', register: operatorRoutes };
