import type { Database, Queryable } from './database.js';
import { migrate } from './migrate.js';

/** Rows sent to the server per statement. */
const BATCH = 500;

/**
 * Copies every row of the embedded database into a PostgreSQL server that has none yet: the
 * server gets the same migrations, then each table, in the order the migrations created them
 * (a table only references earlier ones), in one transaction: all or nothing.
 */
export async function copyToServer(from: Database, to: Database): Promise<Record<string, number>> {
  await migrate(to);
  const { rows: tables } = await from.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind = 'r' and c.relname <> 'schema_migrations'
     order by c.oid`,
  );
  const copied: Record<string, number> = {};
  await to.transaction(async (tx: Queryable) => {
    for (const { name } of tables) {
      const existing = await tx.query<{ n: number }>(`select count(*)::int as n from "${name}"`);
      if ((existing.rows[0]?.n ?? 0) > 0) {
        throw new Error(
          `The server's table ${name} has rows already: copy into an empty database.`,
        );
      }
      const { rows } = await from.query<{ row: unknown }>(
        `select row_to_json(t) as row from "${name}" t`,
      );
      for (let i = 0; i < rows.length; i += BATCH) {
        await tx.query(
          `insert into "${name}" overriding system value
           select * from json_populate_recordset(null::"${name}", $1::json)`,
          [JSON.stringify(rows.slice(i, i + BATCH).map((r) => r.row))],
        );
      }
      copied[name] = rows.length;
    }
    // Identity columns continue after the copied ids.
    const { rows: identities } = await tx.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
       where table_schema = current_schema() and is_identity = 'YES'`,
    );
    for (const { table_name: table, column_name: column } of identities) {
      await tx.query(
        `select setval(pg_get_serial_sequence($1, $2), coalesce((select max("${column}") from "${table}"), 0) + 1, false)`,
        [table, column],
      );
    }
  });
  return copied;
}
