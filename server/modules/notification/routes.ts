import type { FastifyInstance } from 'fastify';

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
