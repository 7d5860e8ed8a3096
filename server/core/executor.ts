/**
 * What a repository function runs its SQL on: the database itself, or the transaction of the
 * command it is part of (a piece of the group commit). Every layer that reads or writes takes one.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

export type Executor = Db | Transaction<Database>;
