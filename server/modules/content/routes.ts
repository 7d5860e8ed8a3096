import type { FastifyInstance, FastifyRequest } from 'fastify';
import { footerCall, noticeCall, postCall, postCategoryCall } from '../../../src/shared/api/content';
import { languageFromHeader } from '../../../src/shared/languages';
import { registerCall } from '../../http/route';
import { getSiteSettings } from '../site/settings';
import { siteLogoSmallSvg, siteLogoSvg } from './logo';
import * as service from './service';

const LOGO_CACHE_CONTROL = 'public, max-age=3600';

function requestLanguage(request: FastifyRequest) {
  return languageFromHeader(request.headers['accept-language']);
}

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  // The id may come in the query string (spec: /post/category?id=) or the body; the body wins.
  registerCall(app, postCategoryCall, async (request) =>
    service.listCategory(app.context, requestLanguage(request), { ...request.query, ...request.body }),
  );
  registerCall(app, postCall, async (request) => service.readPost(app.context, requestLanguage(request), request.query));
  registerCall(app, footerCall, async (request) => service.footerSections(app.context, requestLanguage(request)));
  registerCall(app, noticeCall, async (request) => {
    const language = requestLanguage(request);
    return request.query.id === undefined
      ? service.activeNotices(app.context, language)
      : service.readNotice(app.context, language, request.query.id);
  });
}

/** Routes outside /api/v1: the site logos the header, footer and manifest point at. */
export async function contentRootRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/image/sitelogo', async (_request, reply) => {
    const settings = await getSiteSettings(app.context.db);
    return reply.type('image/svg+xml').header('cache-control', LOGO_CACHE_CONTROL).send(siteLogoSvg(settings.name));
  });
  app.get('/api/image/sitelogosm', async (_request, reply) => {
    const settings = await getSiteSettings(app.context.db);
    return reply.type('image/svg+xml').header('cache-control', LOGO_CACHE_CONTROL).send(siteLogoSmallSvg(settings.name));
  });
}
