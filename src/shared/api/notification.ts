/**
 * Notification calls of spec section 7. A user only ever sees and changes their own
 * notifications. Messages arrive rendered in the request's language; `typeName` is the spec's
 * name of the type (spec 3), 'other' for anything unnamed.
 */
import { z } from 'zod/mini';
import { NOTIFICATION_TYPE } from '../constants';
import { defineCall } from './call';
import { boolField, idField, intField } from './fields';

export const notificationStatusCall = defineCall({
  method: 'POST',
  path: '/notification/status',
  body: z.object({}),
  data: z.object({ enabled: z.boolean(), unread: z.number() }),
  changesState: false,
  auth: 'user',
});

/** The spec's client asks for max=2147483647; the server caps the page at LIST_PAGE_MAX. */
const listInput = z.object({
  max: z.optional(intField({ min: 1, max: 2_147_483_647 })),
  offset: z.optional(intField({ min: 0, max: 1_000_000 })),
  unread: z.optional(boolField),
});

export const notificationSchema = z.object({
  id: z.number(),
  uid: z.number(),
  type: z.number(),
  typeName: z.enum([...(Object.keys(NOTIFICATION_TYPE) as (keyof typeof NOTIFICATION_TYPE)[]), 'other']),
  message: z.string(),
  readFlag: z.boolean(),
  /** Milliseconds since the epoch. */
  createdAt: z.number(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListCall = defineCall({
  method: 'POST',
  path: '/notification/list',
  query: listInput,
  body: listInput,
  data: z.array(notificationSchema),
  changesState: false,
  auth: 'user',
});

const markAsReadInput = z.object({ id: z.optional(idField) });

/** With an id marks that notification read; without one marks all of the user's. */
export const notificationMarkAsReadCall = defineCall({
  method: 'POST',
  path: '/notification/markasread',
  query: markAsReadInput,
  body: markAsReadInput,
  data: z.object({ unread: z.number() }),
  changesState: true,
  auth: 'user',
});
