import type { FastifyInstance } from 'fastify';

export async function marketRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
