import {
  type KyselyPlugin,
  LimitNode,
  type OperationNode,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PostgresPool,
  type PostgresPoolClient,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type SelectQueryNode,
  type UnknownRow,
  ValueNode,
} from 'kysely';
import type pg from 'pg';

/**
 * Kysely sends every query to PostgreSQL as an unnamed statement, which the server parses, analyses
 * and plans anew each time. On the hot reads planning costs several times the execution (about
 * 0.2 ms against 0.02 to 0.06 ms), and on a small machine that CPU is taken from the app beside it.
 * This pool runs the app's repeated queries as named prepared statements instead, as the SQLite side
 * keeps its prepared statements (db/index.ts): PostgreSQL then parses once per connection and may
 * keep a generic plan (docs/decisions/021-postgres-prepared-statements.md).
 *
 * Bounded: a text is prepared once it has been seen twice (a migration or a one-off bulk insert
 * stays unnamed), at most `maxStatements` texts in all; the rest run unnamed as before. Texts that
 * read `*` are never prepared: if another instance's migration adds a column, PostgreSQL refuses to
 * run such a statement again ("cached plan must not change result type"); any text that still meets
 * that error (a column's type changed) is not prepared again, and is run again unnamed when no
 * transaction is open.
 */
export function preparedStatementsPool(pool: pg.Pool, maxStatements = 500): PostgresPool {
  const names = new Map<string, string>();
  const seen = new Map<string, number>();
  const never = new Set<string>();
  /** Names are never reused: a connection keeps the statements it prepared under them. */
  let counter = 0;

  function nameFor(text: string): string | undefined {
    const known = names.get(text);
    if (known) return known;
    if (never.has(text) || names.size >= maxStatements || !PREPARABLE.test(text) || READS_STAR.test(text)) return undefined;
    const count = (seen.get(text) ?? 0) + 1;
    if (count < 2) {
      // A bounded tally: texts that keep varying (a bulk insert's row count) must not grow it forever.
      if (seen.size >= 10 * maxStatements) seen.clear();
      seen.set(text, count);
      return undefined;
    }
    seen.delete(text);
    const name = `portal_${++counter}`;
    names.set(text, name);
    return name;
  }

  /** One wrapper per connection, which knows whether a transaction is open on it. */
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();

  function wrap(client: pg.PoolClient): PostgresPoolClient {
    let inTransaction = false;
    const run = async (text: string, values: unknown[]) => {
      if (OPENS_TRANSACTION.test(text)) inTransaction = true;
      else if (ENDS_TRANSACTION.test(text)) inTransaction = false;
      const name = nameFor(text);
      if (!name) return client.query(text, values);
      try {
        return await client.query({ name, text, values });
      } catch (error) {
        // feature_not_supported: the statement's result columns changed under it (see above). The
        // text runs unnamed from now on; outside a transaction this call is simply run again.
        if ((error as { code?: string }).code !== '0A000') throw error;
        never.add(text);
        names.delete(text);
        if (inTransaction) throw error;
        return client.query(text, values);
      }
    };
    return {
      release: () => client.release(),
      // biome-ignore lint/suspicious/noExplicitAny: the two overloads of PostgresPoolClient.query
      query: ((textOrCursor: any, parameters?: ReadonlyArray<unknown>) =>
        typeof textOrCursor === 'string'
          ? run(textOrCursor, parameters ? [...parameters] : [])
          : client.query(textOrCursor)) as PostgresPoolClient['query'],
    };
  }

  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** How Kysely opens and ends a transaction (a savepoint's `rollback to` ends nothing). */
const OPENS_TRANSACTION = /^\s*(begin|start\s+transaction)\b/i;
const ENDS_TRANSACTION = /^\s*(commit|rollback|end|abort)\s*$/i;
/** Only data statements: transaction control, locks and settings stay as they are. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** `select *`, `select "t".*`, `returning *`: a statement whose columns depend on the table's. */
const READS_STAR = /(\bselect|\breturning|,)\s+(distinct\s+)?("[^"]+"\.)?\*/i;

/**
 * A prepared statement gets a generic plan (planned once, not on every run) only when PostgreSQL
 * finds it no dearer than the plans made for the values given. With `LIMIT $1` it must guess the
 * limit (a tenth of the rows), so a "latest 5" read never qualifies and is planned on every run.
 * This plugin writes a LIMIT of a whole number as a literal and leaves out an OFFSET of 0, so such
 * reads are planned once per connection; a later page keeps its OFFSET as a parameter. Limits come
 * from the app or from a schema-checked page size, so the texts stay few (the pool above bounds them).
 */
export class LiteralLimitPlugin implements KyselyPlugin {
  readonly #transformer = new LiteralLimitTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

class LiteralLimitTransformer extends OperationNodeTransformer {
  protected override transformSelectQuery(node: SelectQueryNode, queryId?: QueryId): SelectQueryNode {
    const transformed = super.transformSelectQuery(node, queryId);
    if (!transformed.offset || !isWhole(transformed.offset.offset, 0)) return transformed;
    const { offset: _zero, ...rest } = transformed;
    return rest;
  }

  protected override transformLimit(node: LimitNode, queryId?: QueryId): LimitNode {
    if (isWhole(node.limit)) return LimitNode.create(ValueNode.createImmediate(node.limit.value));
    return super.transformLimit(node, queryId);
  }
}

/** A bound value that is a whole number (and equal to `only`, when given). */
function isWhole(node: OperationNode, only?: number): node is ValueNode & { value: number } {
  return (
    ValueNode.is(node) &&
    !node.immediate &&
    typeof node.value === 'number' &&
    Number.isSafeInteger(node.value) &&
    node.value >= 0 &&
    (only === undefined || node.value === only)
  );
}
