/**
 * Statements of the hot paths built and compiled once per shape (issue 20). Kysely builds an
 * immutable query tree and compiles it to SQL on every call: under order load that was about a
 * sixth of the server's time, and most of its garbage. A prepared query is built once per dialect
 * with named slots in place of its values; each call then only fills the parameter list and runs
 * the compiled SQL (whose driver statement is itself cached: database.ts).
 *
 *   const findOrder = prepared<{ id: bigint }>()((db, p) => db.selectFrom('orders').selectAll().where('id', '=', p.id));
 *   const row = await findOrder.first(trx, { id: 7n });
 *
 * A slot is a stand-in object, so the build must pass it into the query untouched, named one by one
 * (the slots object has no keys to spread or pass whole to values()): a slot used
 * in JavaScript (compared, converted, spread into a list) would bake one value into the shape.
 * Compiling checks that every slot the build read reached the parameters, and that nothing else
 * did but plain constants; a build that branches on a value is two prepared queries.
 */
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import { dialectOf, type Dialect } from './migrations/columns';
import type { Database } from './schema';

/** A named stand-in for a value, found again among the compiled parameters. */
class Slot {
  constructor(readonly name: string) {}
}

type Part = { slot: string } | { constant: unknown };

interface Shape {
  compiled: CompiledQuery;
  parts: Part[];
}

export class PreparedQuery<P, O> {
  private readonly shapes = new Map<Dialect, Shape>();

  constructor(private readonly build: (db: Kysely<Database>, slots: P) => Compilable<O>) {}

  /** Runs the query with these values and answers the driver's result. */
  execute(executor: Kysely<Database>, values: P): Promise<QueryResult<O>> {
    const dialect = dialectOf(executor);
    let shape = this.shapes.get(dialect);
    if (!shape) {
      shape = this.compile(executor);
      this.shapes.set(dialect, shape);
    }
    const source = values as Record<string, unknown>;
    const parameters = shape.parts.map((part) => ('slot' in part ? source[part.slot] : part.constant));
    return executor.executeQuery<O>({ ...shape.compiled, parameters } as CompiledQuery<O>);
  }

  async rows(executor: Kysely<Database>, values: P): Promise<O[]> {
    return (await this.execute(executor, values)).rows;
  }

  async first(executor: Kysely<Database>, values: P): Promise<O | undefined> {
    return (await this.execute(executor, values)).rows[0];
  }

  async firstOrThrow(executor: Kysely<Database>, values: P): Promise<O> {
    const row = await this.first(executor, values);
    if (row === undefined) throw new Error('a prepared query that must answer a row answered none');
    return row;
  }

  /** Rows an insert, update or delete changed. */
  async affected(executor: Kysely<Database>, values: P): Promise<bigint> {
    return (await this.execute(executor, values)).numAffectedRows ?? 0n;
  }

  private compile(executor: Kysely<Database>): Shape {
    const slots = new Map<string, Slot>();
    const proxy = new Proxy(
      {},
      {
        get(_target, key) {
          if (typeof key !== 'string') return undefined;
          let slot = slots.get(key);
          if (!slot) slots.set(key, (slot = new Slot(key)));
          return slot;
        },
      },
    ) as P;
    const compiled = this.build(executor, proxy).compile();
    const parts: Part[] = compiled.parameters.map((parameter) => {
      if (parameter instanceof Slot) return { slot: parameter.name };
      if (parameter !== null && typeof parameter === 'object') throw new Error(`prepared query: a parameter that is neither a slot nor a constant in ${compiled.sql}`);
      return { constant: parameter };
    });
    for (const name of slots.keys()) {
      if (!parts.some((part) => 'slot' in part && part.slot === name)) {
        throw new Error(`prepared query: the value ${name} was read by the build but never reached the SQL (${compiled.sql})`);
      }
    }
    return { compiled, parts };
  }
}

/** A prepared query over values of type P: `prepared<{ id: bigint }>()((db, p) => ...)`. */
export function prepared<P extends object>() {
  return <O>(build: (db: Kysely<Database>, slots: P) => Compilable<O>) => new PreparedQuery<P, O>(build);
}
