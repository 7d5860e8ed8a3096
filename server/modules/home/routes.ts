/** The home page's call: GET /home?lang (spec 7). */
import type { FastifyInstance } from 'fastify';
import { homeCall } from '../../../src/shared/api/home';
import { languageFromHeader } from '../../../src/shared/languages';
import { registerCall } from '../../http/route';
import { homePage } from './service';

export async function homeRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, homeCall, async (request) => {
    const language = request.query.lang ?? languageFromHeader(request.headers['accept-language']);
    return homePage(app.context, request.user, language, request.query.referralCode);
  });
}
