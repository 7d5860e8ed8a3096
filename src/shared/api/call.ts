/**
 * One definition per call of spec section 7: its path, the schema of its query and body, and
 * whether it changes state. The server validates with these schemas; the client takes its
 * types from them. `data` describes the success payload for the client's benefit.
 */
import type { z } from 'zod';

export type CallAuth = 'none' | 'user' | 'operator';

export interface CallDefinition<
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Data extends z.ZodType = z.ZodType,
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

export function defineCall<Query extends z.ZodType, Body extends z.ZodType, Data extends z.ZodType>(
  definition: CallDefinition<Query, Body, Data>,
): CallDefinition<Query, Body, Data> {
  return definition;
}

export type CallData<C> = C extends CallDefinition<z.ZodType, z.ZodType, infer D> ? z.infer<D> : never;
export type CallBody<C> = C extends CallDefinition<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type CallQuery<C> = C extends CallDefinition<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;

/** What a caller sends with a call: its body and its query, typed by the call's schemas. */
export interface CallInput<C> {
  body?: CallBody<C>;
  query?: CallQuery<C>;
}

/** Any call of the contract, whatever its schemas. */
export type AnyCall = CallDefinition<z.ZodType, z.ZodType, z.ZodType>;
