/**
 * The hub's surface for tabs: exactly the calls of HubApi, bound to one hub. This object is what
 * comlink exposes, so a tab can reach nothing else of the core (its timers, its store, its
 * private helpers are not on it). A call that failed because the server did not answer rejects
 * with an error named NO_ANSWER_ERROR_NAME: only a name and a message cross to the tab.
 */
import { isNetworkFailure } from '../shared/client/client';
import type { Hub } from './hub';
import { HUB_METHODS, NO_ANSWER_ERROR_NAME, type HubApi } from './protocol';

function namedForTabs(error: unknown): unknown {
  if (!isNetworkFailure(error)) return error;
  const noAnswer = new Error(error instanceof Error ? error.message : String(error));
  noAnswer.name = NO_ANSWER_ERROR_NAME;
  return noAnswer;
}

export function hubService(hub: Hub): HubApi {
  const service: Partial<Record<keyof HubApi, unknown>> = {};
  for (const method of HUB_METHODS) {
    const call = (hub[method] as (...args: unknown[]) => unknown).bind(hub);
    service[method] = async (...args: unknown[]) => {
      try {
        return await call(...args);
      } catch (error) {
        throw namedForTabs(error);
      }
    };
  }
  return service as HubApi;
}
