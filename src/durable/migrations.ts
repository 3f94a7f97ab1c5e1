/**
 * Numbered schema migrations: the one way every Durable Object makes and changes its SQLite tables.
 * An object's schema is a list of named parts (its own tables, the email outbox it keeps, …), each an
 * ordered list of steps. `migrate` runs each part's steps not yet applied, in order, once each, and
 * keeps the number applied per part in `schema_migrations`, all in one transaction. Storage written
 * before this helper has no such count, so each part's steps must accept the tables as they were
 * then (CREATE … IF NOT EXISTS, `addColumn`).
 */

/** A step: SQL (several statements allowed) or a function for what SQL alone cannot decide. */
export type Migration = string | ((sql: SqlStorage) => void);

/** Parts in the order they are applied (an object's own part may move rows out of a table a later part adopts). */
export type Schema = Readonly<Record<string, readonly Migration[]>>;

export const MIGRATIONS_TABLE = 'schema_migrations';

export function migrate(storage: DurableObjectStorage, schema: Schema): void {
  storage.transactionSync(() => {
    const sql = storage.sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (part TEXT PRIMARY KEY, applied INTEGER NOT NULL)`);
    const applied = new Map(
      sql
        .exec<{ part: string; applied: number }>(`SELECT part, applied FROM ${MIGRATIONS_TABLE}`)
        .toArray()
        .map((row) => [row.part, row.applied]),
    );
    for (const [part, steps] of Object.entries(schema)) {
      const done = applied.get(part) ?? 0;
      if (done >= steps.length) continue;
      for (const step of steps.slice(done)) {
        if (typeof step === 'string') sql.exec(step);
        else step(sql);
      }
      sql.exec(
        `INSERT INTO ${MIGRATIONS_TABLE} (part, applied) VALUES (?, ?) ON CONFLICT (part) DO UPDATE SET applied = excluded.applied`,
        part,
        steps.length,
      );
    }
  });
}

/** The column names of `table` (none when it does not exist). */
export function columnsOf(sql: SqlStorage, table: string): string[] {
  return sql
    .exec<{ name: string }>('SELECT name FROM pragma_table_info(?)', table)
    .toArray()
    .map((column) => column.name);
}

/** Adds a column unless the table has it already (storage from before the helper may have had it added then). */
export function addColumn(sql: SqlStorage, table: string, column: string, definition: string): void {
  if (!columnsOf(sql, table).includes(column)) sql.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
}
