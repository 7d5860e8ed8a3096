/** Wallet calls (HTTP only; the rules are in service.ts). */
import type { FastifyInstance } from 'fastify';
import { fundDetailsCall } from '../../../src/shared/api/wallets';
import { registerCall, signedInUser } from '../../http/route';
import * as service from './service';

export async function walletsRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, fundDetailsCall, async (request) => service.fundDetails(app.context, signedInUser(request).id, request.query));
}
