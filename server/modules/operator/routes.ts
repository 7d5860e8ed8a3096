import type { FastifyInstance } from 'fastify';

export async function operatorRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
