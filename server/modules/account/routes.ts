import type { FastifyInstance } from 'fastify';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
