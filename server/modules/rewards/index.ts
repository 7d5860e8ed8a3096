/** The rewards area: daily check-in and the lucky draw, paid from the platform's rewards fund. */
import type { AppModule } from '../module';
import { rewardsRoutes } from './routes';

export const rewardsModule: AppModule = { name: 'rewards', register: rewardsRoutes };
