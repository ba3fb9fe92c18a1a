/**
 * The demo seed writes history, never the future (audit item 8): every dated row it makes, in
 * every table (transfers and their entries, deposits, withdrawals, rounds, members, contracts,
 * messages...), is dated at or before the moment the seed finished, and the members' daily
 * figures name no day after today. Columns that hold a deadline or a schedule (an order's expiry,
 * a draw's time) may lie ahead and are left out by name. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../tests/support/db.ts';
import { rowsOf } from '../../../kernel/db/rows.ts';
import { dayIn } from '../../../kernel/days.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { seedDemoIfNeeded } from '../../seed.ts';

let t: TestDb;
let seededAt: number;

/** Columns whose time is a deadline or a schedule, not when something happened. */
const AHEAD = /(expires|ends|opens|closes|draw)_at$|^draw_at$/;

beforeAll(async () => {
  t = await openTestDb();
  await seedDemoIfNeeded(t, { size: 600 });
  // The next millisecond: PostgreSQL stamps microseconds, and the seed's last marker may be written
  // within the millisecond Date.now() rounds down to (the last CI's failure: .322115 after .322).
  seededAt = Date.now() + 1;
}, 180_000);
afterAll(async () => {
  await t.dispose();
});

describe('the demo seed', () => {
  it('dates no row after the moment it finished', async () => {
    const columns = rowsOf(
      await t.db.execute(sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and data_type like 'timestamp%' order by table_name, column_name`),
    ).filter((c) => !AHEAD.test(String(c.column_name)));
    expect(columns.length).toBeGreaterThan(20);
    const late: string[] = [];
    let rows = 0;
    for (const c of columns) {
      const [x] = rowsOf(
        await t.db.execute(
          sql`select count(*)::int as n, count(*) filter (where ${sql.identifier(String(c.column_name))} > ${new Date(seededAt).toISOString()}::timestamptz)::int as late,
            max(${sql.identifier(String(c.column_name))})::text as last from ${sql.identifier(String(c.table_name))}`,
        ),
      );
      rows += Number(x!.n);
      if (Number(x!.late) > 0) late.push(`${String(c.table_name)}.${String(c.column_name)}: ${Number(x!.late)} after now (last ${String(x!.last)})`);
    }
    expect(rows).toBeGreaterThan(1000);
    expect(late).toEqual([]);
  });

  it("counts no member's day after today, and no deposit or round of today after now", async () => {
    const today = dayIn(seededAt, brand().timeZone);
    const [days] = rowsOf(await t.db.execute(sql`select count(*)::int as n, max(day)::text as last from member_day`));
    expect(Number(days!.n)).toBeGreaterThan(100);
    expect(String(days!.last) <= today).toBe(true);
    const [ahead] = rowsOf(
      await t.db.execute(sql`select
        (select count(*) from payment_order where created_at > ${new Date(seededAt).toISOString()}::timestamptz or settled_at > ${new Date(seededAt).toISOString()}::timestamptz)::int as deposits,
        (select count(*) from game_round where created_at > ${new Date(seededAt).toISOString()}::timestamptz or settled_at > ${new Date(seededAt).toISOString()}::timestamptz)::int as rounds,
        (select count(*) from ledger_transfer where created_at > ${new Date(seededAt).toISOString()}::timestamptz)::int as transfers`),
    );
    expect(ahead).toEqual({ deposits: 0, rounds: 0, transfers: 0 });
  });
});
