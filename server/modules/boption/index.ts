/**
 * The binary-options area: the config, create, status and list calls; the settlement job at each
 * order's expiry; the record of every option symbol's index each second, which settlement reads;
 * and each order change pushed to its owner's socket (a `boption` and a `balance` event) from the
 * outbox, after the commit that made it.
 */
import { userChannel } from '../../../src/shared/realtime';
import { SYMBOL_TYPE } from '../../../src/shared/constants';
import type { AppModule } from '../module';
import { optionSymbolIds } from './repo';
import { boptionRoutes } from './routes';
import { BOPTION_CURRENCY, ORDER_CHANGED_TOPIC, orderForEvent, SETTLE_JOB_KIND, type BoptionDeps } from './service';
import { recordIndex, settleInTransaction } from './settlement';

export const boptionModule: AppModule = {
  name: 'boption',
  async register(api) {
    const { context, prices, scheduler, outbox } = api;
    const deps: BoptionDeps = { context, prices, schedule: (job, trx) => scheduler.schedule(job, trx), kickOutbox: () => outbox.kick() };
    boptionRoutes(api, deps);
    // The job acts on its order's expiry, whenever it runs. The order row keeps that instant (the
    // job's runAt is the same, until an operator's retry of a failed job moves it to the retry's time).
    scheduler.register(SETTLE_JOB_KIND, async (trx, job, tools) => {
      await settleInTransaction(trx, Number(job.key), tools.now);
    });
    outbox.subscribe(ORDER_CHANGED_TOPIC, async (event) => {
      const found = typeof event.payload.orderId === 'number' ? await orderForEvent(context, event.payload.orderId) : undefined;
      if (!found) return;
      api.realtime.to(userChannel(found.userId)).emit('boption', { order: found.order });
      api.engine.events.emit('balance', { userId: found.userId, currencies: [BOPTION_CURRENCY] });
    });
    const optionIds = await optionSymbolIds(context.db, SYMBOL_TYPE.boption);
    const stopRecording = prices.onSampled((now) => {
      recordIndex(context, prices, optionIds, now).catch((error: unknown) => context.log?.error({ err: error }, 'recording the option index failed'));
    });
    api.addHook('onClose', async () => stopRecording());
  },
};
