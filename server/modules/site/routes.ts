/** Site calls: the site config (GET, and POST for clients that post their reads) and the regions. */
import type { FastifyInstance } from 'fastify';
import { configCall, configPostCall, regionsCall } from '../../../src/shared/api/site';
import { languageFromHeader } from '../../../src/shared/languages';
import { registerCall } from '../../http/route';
import { regionsFor, siteConfig } from './service';

export async function siteRoutes(app: FastifyInstance): Promise<void> {
  const { db, now } = app.context;
  registerCall(app, configCall, async () => siteConfig(db, now()));
  registerCall(app, configPostCall, async () => siteConfig(db, now()));
  registerCall(app, regionsCall, async (request) => [...regionsFor(languageFromHeader(request.headers['accept-language']))]);
}
