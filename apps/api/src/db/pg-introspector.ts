import {
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  table: string;
  schema: string;
  kind: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  auto_incrementing: boolean;
  comment: string | null;
}

/**
 * Kysely's PostgreSQL introspector reads the tables of every schema of the database, resolving each
 * by name: when another schema is dropped meanwhile (another portal sharing the database, a test
 * file beside this one) it fails with `schema "…" does not exist`, and with it the migrator, which
 * asks it whether its own tables exist (docs/decisions/052-migrations-read-their-own-schema.md).
 * This one reads only the current schema, where our tables live, and never resolves a name.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  // biome-ignore lint/suspicious/noExplicitAny: introspection runs on any database shape
  constructor(private readonly db: Kysely<any>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as "table", ns.nspname as "schema", c.relkind as kind, a.attname as "column",
        typ.typname as "type", tns.nspname as type_schema, a.attnotnull as not_null, a.atthasdef as has_default,
        (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid), '') like 'nextval(%') as auto_incrementing,
        col_description(a.attrelid, a.attnum) as "comment"
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on c.oid = a.attrelid
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace tns on tns.oid = typ.typnamespace
      left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, { name: string; isView: boolean; schema: string; columns: ColumnMetadata[] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && row.table.startsWith('kysely_migration')) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, isView: row.kind === 'v', schema: row.schema, columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing,
        comment: row.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL as Kysely speaks it, introspecting only the current schema. */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  // biome-ignore lint/suspicious/noExplicitAny: introspection runs on any database shape
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
