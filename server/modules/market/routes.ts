/** Market calls: the symbol list of every market, filtered for the viewer. */
import type { FastifyInstance } from 'fastify';
import { symbolsCall } from '../../../src/shared/api/market';
import { registerCall } from '../../http/route';
import { symbolsForViewer } from './service';

export async function marketRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.context;
  registerCall(app, symbolsCall, async (request) => symbolsForViewer(db, request.user));
}
