/**
 * The security area (issue 15): Google Authenticator, the withdrawal password, binding the phone
 * and e-mail, and the withdrawal cool-off that security changes start. Exports for other areas:
 * checkWithdrawalSecurity (withdrawals), withdrawalCoolOffUntil, and the sign-in's second factor.
 */
import type { AppModule } from '../module';
import { securityRoutes } from './routes';

export const securityModule: AppModule = { name: 'security', register: securityRoutes };
