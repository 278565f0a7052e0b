import { afterEach, describe, expect, it } from 'vitest';
import { createReadCache, type Database, openEmbeddedDatabase } from './database.js';

describe('the embedded database’s cached reads', () => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  async function withTable() {
    db = await openEmbeddedDatabase('memory://');
    await db.exec('create table notes (id int primary key, body text)');
    await db.query("insert into notes values (1, 'first')");
    return db;
  }
  const list = (d: Database) =>
    d.cachedRead<{ body: string }>('select body from notes order by id');

  it('answers a repeated read from memory while nothing was written', async () => {
    const d = await withTable();
    // clock_timestamp() differs on every run of the statement: the same value means no second run.
    const clock = () => d.cachedRead<{ t: string }>('select clock_timestamp()::text as t');
    const first = await clock();
    expect((await clock()).rows).toEqual(first.rows);
    expect((await d.query<{ t: string }>('select clock_timestamp()::text as t')).rows).not.toEqual(
      first.rows,
    );
  });

  it('forgets every answer when a statement, a script or a transaction writes', async () => {
    const d = await withTable();
    await list(d);
    await d.query("insert into notes values (2, 'second')");
    expect((await list(d)).rows).toHaveLength(2);

    await d.exec("update notes set body = 'changed' where id = 1");
    expect((await list(d)).rows[0]).toEqual({ body: 'changed' });

    await d.transaction(async (tx) => {
      await tx.query('delete from notes where id = 2');
    });
    expect((await list(d)).rows).toEqual([{ body: 'changed' }]);
  });

  it('keeps the answer through plain reads, and a locking read counts as a write', async () => {
    const d = await withTable();
    await list(d);
    await d.query('select count(*) from notes');
    const before = await list(d);
    expect(before.rows).toEqual([{ body: 'first' }]);
    await d.query('select * from notes where id = 1 for update');
    await d.query("insert into notes values (3, 'third')");
    expect((await list(d)).rows).toHaveLength(2);
  });
});

describe('createReadCache', () => {
  it('reads again after a second', async () => {
    let clock = 0;
    const cache = createReadCache(() => clock);
    let runs = 0;
    const run = async () => ({ rows: [++runs] });
    expect((await cache.read('select 1', [], run)).rows).toEqual([1]);
    clock = 999;
    expect((await cache.read('select 1', [], run)).rows).toEqual([1]);
    clock = 1000;
    expect((await cache.read('select 1', [], run)).rows).toEqual([2]);
  });

  it('never keeps an answer read while a write ran', async () => {
    const cache = createReadCache(() => 0);
    let runs = 0;
    const overlapping = cache.read('select 1', [], async () => {
      cache.wrote();
      return { rows: [++runs] };
    });
    expect((await overlapping).rows).toEqual([1]);
    expect((await cache.read('select 1', [], async () => ({ rows: [++runs] }))).rows).toEqual([2]);
  });

  it('tells parameters apart', async () => {
    const cache = createReadCache(() => 0);
    const a = await cache.read('select $1', ['a'], async () => ({ rows: ['a'] }));
    const b = await cache.read('select $1', ['b'], async () => ({ rows: ['b'] }));
    expect([a.rows, b.rows]).toEqual([['a'], ['b']]);
  });
});
