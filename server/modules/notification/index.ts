/** Notifications: made from outbox events, polled, listed and marked read. */
import type { AppModule } from '../module';
import { notificationRoutes } from './routes';
import { subscribeNotificationHandlers } from './service';

export const notificationModule: AppModule = {
  name: 'notification',
  async register(api) {
    subscribeNotificationHandlers(api.context, api.outbox, api.engine);
    await notificationRoutes(api);
  },
};
