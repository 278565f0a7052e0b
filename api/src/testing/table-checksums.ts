import type { Queryable } from '../db/database.js';

/**
 * Tables whose rows change when input is refused, on purpose: the attempt counters of the
 * sign-in limits count refused attempts too (docs/product/sign-in.md, "Limits").
 */
const COUNTS_REFUSED_ATTEMPTS = new Set(['rate_limits']);

/**
 * One checksum per table of the API's schema (md5 of its rows as text, in order): equal
 * checksums before and after a call mean the call changed no row.
 */
export async function tableChecksums(db: Queryable): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const watched = tables.map((t) => t.name).filter((name) => !COUNTS_REFUSED_ATTEMPTS.has(name));
  const { rows } = await db.query<{ name: string; sum: string }>(
    watched
      .map(
        (name) =>
          `select '${name}' as name, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as sum from "${name}" t`,
      )
      .join(' union all '),
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.sum]));
}

/**
 * The next transaction id PostgreSQL would assign: it moves with every transaction that wrote a
 * row and with nothing else, so while it stands still the checksums need not be computed again.
 */
export async function writeMark(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ mark: string }>(
    `select split_part(txid_current_snapshot()::text, ':', 2) as mark`,
  );
  return rows[0]?.mark ?? '';
}
