import type { FastifyInstance } from 'fastify';

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
