/** Check-in and lucky-draw calls (HTTP only; the rules are in service.ts). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkinCall, checkinStatusCall, luckydrawCall, luckydrawStatusCall, rewardSettingsCall } from '../../../src/shared/api/rewards';
import { registerCall } from '../../http/route';
import type { SessionUser } from '../../core/viewer';
import * as service from './service';

/** A person checks in once a day and draws a ticket at a time: more than this is a script. */
const CHECKIN_PER_MINUTE = 20;
const DRAW_PER_MINUTE = 60;

/** The auth guard has run: a call with auth 'user' always has a user here. */
function userOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Error('a user call ran without a signed-in user');
  return request.user;
}

export async function rewardsRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, checkinStatusCall, async (request) => service.checkinStatus(app.context, userOf(request).id));
  registerCall(app, checkinCall, async (request) => service.checkIn(app.context, app.engine, userOf(request).id), { perMinute: CHECKIN_PER_MINUTE });
  registerCall(app, luckydrawStatusCall, async (request) => service.luckydrawStatus(app.context, userOf(request).id));
  registerCall(app, luckydrawCall, async (request) => service.draw(app.context, app.engine, userOf(request).id, request.body.ticketId), {
    perMinute: DRAW_PER_MINUTE,
  });
  registerCall(app, rewardSettingsCall, async () => service.rewardSettings(app.context));
}
