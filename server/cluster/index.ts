/**
 * Several server instances on one PostgreSQL database (ARCHITECTURE.md, "Cluster"): each market's
 * book has one holder (ownership.ts), the others forward its commands and book reads there
 * (forwarder.ts, internal-routes.ts). Alone on SQLite there is nothing to share: the engine holds
 * every book with no routing at all.
 */
import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engine/engine';
import { Forwarder } from './forwarder';
import { registerInternalRoutes } from './internal-routes';
import { EngineOwnership } from './ownership';

/** Wires engine ownership when DATABASE_URL names a PostgreSQL; answers once this instance holds its first share of the markets. */
export async function startEngineOwnership(app: FastifyInstance, engine: Engine): Promise<EngineOwnership | undefined> {
  const { context } = app;
  const { databaseUrl, instanceId, internalUrl } = context.config;
  if (!databaseUrl) return undefined;
  const secret = context.config.clusterSecret ?? context.adminToken;
  const ownership = new EngineOwnership(context, engine, { databaseUrl, instanceId, internalUrl });
  engine.setRouting(new Forwarder(context.db, ownership, { internalUrl, secret }));
  registerInternalRoutes(app, engine, ownership, secret);
  app.addHook('onClose', () => ownership.close());
  await ownership.start();
  return ownership;
}
