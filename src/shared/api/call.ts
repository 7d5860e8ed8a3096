/**
 * One definition per call of spec section 7: its path, the schema of its query and body, and
 * whether it changes state. The server validates with these schemas; the client takes its
 * types from them. `data` describes the success payload for the client's benefit.
 *
 * The schemas are zod/mini's: the functional API of the same zod package, whose unused checks
 * a bundler leaves out, so that the hub and the app carry only the validation they use. One
 * classic `import { z } from 'zod'` anywhere in the contract would bring the whole classic
 * library back into both bundles (a classic schema still fits these generics, so only the
 * bundle sizes would show it).
 */
import type { z } from 'zod/mini';

export type CallAuth = 'none' | 'user' | 'operator';

export interface CallDefinition<
  Query extends z.ZodMiniType = z.ZodMiniType,
  Body extends z.ZodMiniType = z.ZodMiniType,
  Data extends z.ZodMiniType = z.ZodMiniType,
> {
  method: 'GET' | 'POST';
  /** Path under /api/v1, starting with a slash. */
  path: string;
  query?: Query;
  body?: Body;
  data: Data;
  changesState: boolean;
  auth: CallAuth;
}

export function defineCall<Query extends z.ZodMiniType, Body extends z.ZodMiniType, Data extends z.ZodMiniType>(
  definition: CallDefinition<Query, Body, Data>,
): CallDefinition<Query, Body, Data> {
  return definition;
}

export type CallData<C> = C extends CallDefinition<z.ZodMiniType, z.ZodMiniType, infer D> ? z.infer<D> : never;
export type CallBody<C> = C extends CallDefinition<z.ZodMiniType, infer B, z.ZodMiniType> ? z.input<B> : never;
export type CallQuery<C> = C extends CallDefinition<infer Q, z.ZodMiniType, z.ZodMiniType> ? z.input<Q> : never;

/** What a caller sends with a call: its body and its query, typed by the call's schemas. */
export interface CallInput<C> {
  body?: CallBody<C>;
  query?: CallQuery<C>;
}

/** Any call of the contract, whatever its schemas. */
export type AnyCall = CallDefinition<z.ZodMiniType, z.ZodMiniType, z.ZodMiniType>;
