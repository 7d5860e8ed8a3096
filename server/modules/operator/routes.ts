import type { FastifyInstance } from 'fastify';
import {
  auditCall,
  notifyCall,
  operatorJobRetryCall,
  operatorJobsCall,
  operatorOutboxCall,
  operatorOutboxRetryCall,
  operatorUserUpdateCall,
  operatorUsersCall,
  publishPostCall,
  robotsGetCall,
  robotsSetCall,
  settingsGetCall,
  settingsUpdateCall,
} from '../../../src/shared/api/operator';
import { changeAccount, findAccounts } from '../account/administration';
import { readRobotsRecord } from '../robots/accounts';
import { setRobotsPaused } from '../robots/robots';
import { registerCall } from '../../http/route';
import { auditLiveLedger } from '../../ledger/audit';
import { publishPost } from '../content/service';
import { getSiteSettings } from '../site/settings';
import { operatorConfigRoutes } from './config-routes';
import { refuse } from './errors';
import * as service from './service';

/** Every call here has auth 'operator': the admin CLI's bearer token or an operator session. */
export async function operatorRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, auditCall, async (request) => auditLiveLedger(app.context.db, request.query.full ? 'full' : 'since-checkpoint'));
  registerCall(app, publishPostCall, async (request) => publishPost(app.context, request.body));
  registerCall(app, notifyCall, async (request) => {
    const result = await service.notifyUsers(app.context, request.body);
    app.outbox.kick();
    return result;
  });
  registerCall(app, settingsGetCall, async () => getSiteSettings(app.context.db));
  registerCall(app, settingsUpdateCall, async (request) => service.updateSiteSettings(app.context, request.body));

  const robotsState = async () => {
    const record = await readRobotsRecord(app.context.db);
    return { configured: record !== undefined, paused: record?.paused ?? false };
  };
  registerCall(app, robotsGetCall, robotsState);
  registerCall(app, robotsSetCall, async (request) => {
    await setRobotsPaused(app.context, request.body.paused);
    return robotsState();
  });

  registerCall(app, operatorUsersCall, async (request) =>
    findAccounts(app.context, { text: request.query.q, beforeId: request.query.before ?? null, limit: request.query.limit }),
  );
  registerCall(app, operatorUserUpdateCall, async (request) =>
    changeAccount({ context: app.context, sessions: app.sessions }, request.query.id, request.body),
  );

  registerCall(app, operatorJobsCall, async (request) => ({
    counts: await app.scheduler.counts(),
    failed: await app.scheduler.failedJobs(request.query.limit),
  }));
  registerCall(app, operatorJobRetryCall, async (request) => {
    if (!(await app.scheduler.retry(request.query.id))) refuse('jobNotFailed');
    return { retried: true as const };
  });

  registerCall(app, operatorOutboxCall, async (request) => ({
    counts: await app.outbox.counts(),
    failed: await app.outbox.failedEvents(request.query.limit),
  }));
  registerCall(app, operatorOutboxRetryCall, async (request) => {
    if (!(await app.outbox.retry(request.query.id))) refuse('outboxEventNotFailed');
    return { retried: true as const };
  });

  operatorConfigRoutes(app);
}
