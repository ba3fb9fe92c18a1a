/**
 * The console's dashboard (issue 29): a period's money and players, from the wallet's own
 * figures — the member-day rows (bets, wins, deposits, withdrawals; the same rows the records and
 * the agent reports read) and the ledger (what house:bonus paid out, net of what came back) — so
 * the numbers agree with the ledger by construction, which a test checks. GGR = bets - wins;
 * NGR = GGR - bonus cost. Days are the brand's.
 */
import { sql } from 'drizzle-orm';
import { dayRange } from '../../wallet/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { rowsOf } from '../../../kernel/db/rows.ts';
import { formatMinor } from '../../../kernel/money.ts';
import type { ConsoleDashboard } from '../contract.ts';

const fmt = (minor: bigint | string | number | null | undefined) => formatMinor(BigInt(minor ?? 0), brand().currencyDecimals);

export async function dashboard(db: Db, q: { from?: string; to?: string }): Promise<ConsoleDashboard> {
  const r = dayRange(q);
  const [days, vendors, bonus, fresh, pending] = await Promise.all([
    db.execute(sql`
      select d.day::text as day, sum(d.valid_bet)::text as bets, sum(d.payout)::text as wins, sum(d.deposit)::text as deposits, sum(d.deposit_count)::int as deposit_count,
        sum(d.withdrawal)::text as withdrawals, sum(d.withdrawal_count)::int as withdrawal_count,
        count(distinct d.member_id) filter (where d.bet_count > 0)::int as active
      from member_day d where d.day between ${r.from}::date and ${r.to}::date group by d.day order by d.day`),
    db.execute(sql`
      select d.vendor, coalesce(v.game_type, '') as category, sum(d.valid_bet)::text as bets, sum(d.payout)::text as wins, count(distinct d.member_id)::int as players
      from member_day d left join vendor v on v.code = d.vendor
      where d.day between ${r.from}::date and ${r.to}::date and d.vendor <> '' and d.bet_count > 0
      group by d.vendor, v.game_type order by sum(d.valid_bet) desc`),
    db.execute(sql`
      select coalesce(-sum(e.amount), 0)::text as cost from ledger_entry e join ledger_account a on a.id = e.account_id
      where a.code = 'house:bonus' and e.created_at >= ${r.start.toISOString()}::timestamptz and e.created_at < ${r.end.toISOString()}::timestamptz`),
    db.execute(sql`select count(*)::int as n from member where created_at >= ${r.start.toISOString()}::timestamptz and created_at < ${r.end.toISOString()}::timestamptz`),
    db.execute(sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as amount from withdrawal where status = 'pending'`),
  ]);
  const dayRows = rowsOf(days);
  const sum = (k: string) => dayRows.reduce((s, d) => s + BigInt(String(d[k] ?? 0)), 0n);
  const bets = sum('bets');
  const wins = sum('wins');
  const bonusCost = BigInt(String(rowsOf(bonus)[0]?.cost ?? 0));
  const active = rowsOf(await db.execute(sql`select count(distinct member_id)::int as n from member_day where day between ${r.from}::date and ${r.to}::date and bet_count > 0`))[0]?.n;
  const byCategory = new Map<string, { bets: bigint; wins: bigint }>();
  const vendorRows = rowsOf(vendors).map((v) => {
    const c = byCategory.get(String(v.category)) ?? { bets: 0n, wins: 0n };
    c.bets += BigInt(String(v.bets));
    c.wins += BigInt(String(v.wins));
    byCategory.set(String(v.category), c);
    return {
      vendor: String(v.vendor),
      category: String(v.category),
      bets: fmt(String(v.bets)),
      wins: fmt(String(v.wins)),
      ggr: fmt(BigInt(String(v.bets)) - BigInt(String(v.wins))),
      players: Number(v.players),
    };
  });
  const p = rowsOf(pending)[0];
  return {
    from: r.from,
    to: r.to,
    totals: {
      deposits: fmt(sum('deposits')),
      depositCount: Number(sum('deposit_count')),
      withdrawals: fmt(sum('withdrawals')),
      withdrawalCount: Number(sum('withdrawal_count')),
      bets: fmt(bets),
      wins: fmt(wins),
      ggr: fmt(bets - wins),
      bonusCost: fmt(bonusCost),
      ngr: fmt(bets - wins - bonusCost),
      activePlayers: Number(active ?? 0),
      newPlayers: Number(rowsOf(fresh)[0]?.n ?? 0),
    },
    pendingWithdrawals: { count: Number(p?.n ?? 0), amount: fmt(String(p?.amount ?? 0)) },
    days: dayRows.map((d) => ({
      day: String(d.day),
      deposits: fmt(String(d.deposits)),
      withdrawals: fmt(String(d.withdrawals)),
      bets: fmt(String(d.bets)),
      wins: fmt(String(d.wins)),
      ggr: fmt(BigInt(String(d.bets)) - BigInt(String(d.wins))),
      active: Number(d.active),
    })),
    vendors: vendorRows,
    categories: [...byCategory].map(([category, c]) => ({ category, bets: fmt(c.bets), wins: fmt(c.wins), ggr: fmt(c.bets - c.wins) })),
  };
}
