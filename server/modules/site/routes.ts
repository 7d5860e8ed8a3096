import type { FastifyInstance } from 'fastify';

export async function siteRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
