/** Check-in and lucky-draw calls (HTTP only; the rules are in service.ts). */
import type { FastifyInstance } from 'fastify';
import { checkinCall, checkinStatusCall, luckydrawCall, luckydrawStatusCall, operatorRewardsCall } from '../../../src/shared/api/rewards';
import { registerCall, signedInUser } from '../../http/route';
import * as service from './service';

/** A person checks in once a day and draws a ticket at a time: more than this is a script. */
const CHECKIN_PER_MINUTE = 20;
const DRAW_PER_MINUTE = 60;

export async function rewardsRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, checkinStatusCall, async (request) => service.checkinStatus(app.context, signedInUser(request).id));
  registerCall(app, checkinCall, async (request) => service.checkIn(app.context, app.engine, signedInUser(request).id), { perMinute: CHECKIN_PER_MINUTE });
  registerCall(app, luckydrawStatusCall, async (request) => service.luckydrawStatus(app.context, signedInUser(request).id));
  registerCall(app, luckydrawCall, async (request) => service.draw(app.context, app.engine, signedInUser(request).id, request.body.ticketId), {
    perMinute: DRAW_PER_MINUTE,
  });
  registerCall(app, operatorRewardsCall, async () => service.operatorRewards(app.context));
}
