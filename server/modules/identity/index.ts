/**
 * Identity: verification with the operator's review, the avatar, bank accounts (payment accounts
 * C2C will share) and the dashboard's list of sign-ins.
 */
import type { AppModule } from '../module';
import { identityRootRoutes, identityRoutes } from './routes';

export const identityModule: AppModule = { name: 'identity', register: identityRoutes, registerRoot: identityRootRoutes };
