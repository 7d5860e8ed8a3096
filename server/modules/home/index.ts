/** The home page's data: banners, markets, rankings and news in one call. */
import type { AppModule } from '../module';
import { homeRoutes } from './routes';

export const homeModule: AppModule = { name: 'home', register: homeRoutes };
