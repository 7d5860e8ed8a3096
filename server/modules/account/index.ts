/** The account area: sign-up, sign-in and its throttling, password reset, codes, the captcha and the profile. */
import type { AppModule } from '../module';
import { accountRoutes } from './routes';

export const accountModule: AppModule = { name: 'account', register: accountRoutes };
