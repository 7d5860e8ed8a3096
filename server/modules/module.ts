/**
 * What an area of the server is to the app (ARCHITECTURE.md, "Server"): one object that app.ts
 * registers, which wires everything of the area: its calls under /api/v1, and its hooks, outbox
 * handlers, scheduled jobs and socket hooks. A new area adds a folder with an index.ts exporting
 * one of these and one line in app.ts; it touches no other area.
 */
import type { FastifyInstance } from 'fastify';

export interface AppModule {
  name: string;
  /** Registers the area's calls (under /api/v1) and its wiring. */
  register(api: FastifyInstance): Promise<void>;
  /** Routes outside /api/v1, where an area has any (the content's public images). */
  registerRoot?(app: FastifyInstance): Promise<void>;
}
