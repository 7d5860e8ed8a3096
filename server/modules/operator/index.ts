/** The operator API: audit, publishing, notifications, site settings and the robots switch. */
import type { AppModule } from '../module';
import { operatorRoutes } from './routes';

export const operatorModule: AppModule = { name: 'operator', register: operatorRoutes };
