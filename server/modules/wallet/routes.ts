import type { FastifyInstance } from 'fastify';

export async function walletRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
