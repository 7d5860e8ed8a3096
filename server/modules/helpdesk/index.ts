/**
 * The help desk: chats, messages and images, pushed on their socket channels after each commit;
 * operators answer and issue service codes. Only a chat's owner or an operator joins its channel.
 */
import type { AppModule } from '../module';
import { helpdeskRoutes } from './routes';
import { mayWatchChat, subscribeHelpdeskPush } from './service';

export const helpdeskModule: AppModule = {
  name: 'helpdesk',
  async register(api) {
    subscribeHelpdeskPush(api.context, api.outbox, api.realtime);
    api.realtimeHooks.mayWatchChat = (viewer, chatId) => mayWatchChat(api.context, viewer, chatId);
    await helpdeskRoutes(api);
  },
};
