/** The site config and the regions list. */
import type { AppModule } from '../module';
import { siteRoutes } from './routes';

export const siteModule: AppModule = { name: 'site', register: siteRoutes };
