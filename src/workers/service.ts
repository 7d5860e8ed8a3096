/**
 * The hub's surface for tabs: exactly the calls of HubApi, bound to one hub. This object is what
 * comlink exposes, so a tab can reach nothing else of the core (its timers, its store, its
 * private helpers are not on it).
 */
import type { Hub } from './hub';
import { HUB_METHODS, type HubApi } from './protocol';

export function hubService(hub: Hub): HubApi {
  const service: Partial<Record<keyof HubApi, unknown>> = {};
  for (const method of HUB_METHODS) service[method] = hub[method].bind(hub);
  return service as HubApi;
}
