import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notificationListCall, notificationMarkAsReadCall, notificationStatusCall } from '../../../src/shared/api/notification';
import { languageFromHeader } from '../../../src/shared/languages';
import { registerCall } from '../../http/route';
import * as service from './service';

/** The auth guard has run: a call with auth 'user' always has a user here. */
function userIdOf(request: FastifyRequest): number {
  if (!request.user) throw new Error('a user call ran without a signed-in user');
  return request.user.id;
}

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, notificationStatusCall, async (request) => service.notificationStatus(app.context, userIdOf(request)));
  // Inputs may come in the query string (spec: ?max=, ?id=) or the body; the body wins.
  registerCall(app, notificationListCall, async (request) =>
    service.listNotifications(app.context, userIdOf(request), languageFromHeader(request.headers['accept-language']), {
      ...request.query,
      ...request.body,
    }),
  );
  registerCall(app, notificationMarkAsReadCall, async (request) =>
    service.markAsRead(app.context, userIdOf(request), request.body.id ?? request.query.id),
  );
}
