/**
 * Demo money history (demo data, labelled in memos and round names): deposits, game rounds and
 * paid withdrawals of a set of members over past days, so that team reports have something to
 * show on first start. Every movement is a real ledger transfer, posted in time order across all
 * members and dated at its moment (the transfer, its entries, the round or order, and the
 * member's daily figures alike); a bet never exceeds what the member holds, and nothing is dated
 * after now (not even a round's settlement or a withdrawal's payout).
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { clock } from '../../../kernel/clock.ts';
import { prng } from '../../../kernel/prng.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { HOUSE, gamesAccount, holdAccount, mainAccount } from './accounts.ts';
import { importTransfers, type PastTransfer } from './ledger.ts';
import type { DayFigures } from './daily.ts';
import { dayIn } from '../../../kernel/days.ts';
import { member } from '../../accounts/index.ts';
import { gameRound, memberDay, memberDayDirty, paymentOrder, withdrawal } from './tables.ts';

export interface HistoryMember {
  id: number;
  username: string;
  /** The agent right above, who now and then receives a transfer. */
  upline: { id: number; username: string } | null;
  /** Registration time, ms: nothing happens before it. */
  since: number;
}

export interface HistoryGame {
  vendor: string;
  nodeId: number;
  name: string;
}

const DAY = 86_400_000;
/** A demo withdrawal is paid out this long after it was asked for. */
const WITHDRAWAL_PAID_MS = 3_600_000;

type Event =
  | { at: number; memberId: number; kind: 'deposit'; amount: bigint }
  | {
      at: number;
      memberId: number;
      kind: 'round';
      bet: bigint;
      win: bigint;
      game: HistoryGame;
    }
  | { at: number; memberId: number; kind: 'withdrawal'; amount: bigint }
  | { at: number; memberId: number; kind: 'upline'; amount: bigint; from: string; to: { id: number; username: string } };

/** Plans and posts the history of `members` over the last `days` days; answers how many movements it made. */
export async function seedMoneyHistory(db: Db, members: HistoryMember[], games: HistoryGame[], days = 45): Promise<number> {
  if (!games.length || !members.length) return 0;
  // The kernel's seeded generator: the demo history is the same on every install.
  const rnd = prng(20261126).next;
  const now = clock.now();
  const unit = 10n ** BigInt(brand().currencyDecimals);
  const events: Event[] = [];
  for (const m of members) {
    const start = Math.max(m.since, now - days * DAY);
    // A member's money as planned, so that a bet or a withdrawal never exceeds it.
    let balance = 0n;
    let at = start + Math.floor(rnd() * DAY * 0.5);
    // Nothing is planned after now: a member registered a few hours ago has no history yet, and
    // a session, a transfer or a payout that would end after now is left out (audit item 8).
    if (at > now) continue;
    const deposit = (amount: bigint) => {
      events.push({ at, memberId: m.id, kind: 'deposit', amount });
      balance += amount;
    };
    deposit(BigInt(50 + Math.floor(rnd() * 20) * 25) * unit);
    while (at < now - 3_600_000) {
      // A session: a few rounds a few minutes apart, on one game.
      const game = games[Math.floor(rnd() * games.length)]!;
      const rounds = 1 + Math.floor(rnd() * 4);
      for (let i = 0; i < rounds && at < now - 60_000; i++) {
        const bet = BigInt(1 + Math.floor(rnd() * 20)) * unit;
        if (bet > balance) {
          if (rnd() < 0.6) deposit(BigInt(20 + Math.floor(rnd() * 8) * 10) * unit);
          else break;
        }
        const r = rnd();
        // About 94% back to the player: small wins often, a big one now and then.
        const win = r < 0.45 ? 0n : r < 0.9 ? (bet * BigInt(Math.floor(50 + rnd() * 150))) / 100n : r < 0.99 ? bet * 2n : bet * 10n;
        events.push({ at, memberId: m.id, kind: 'round', bet, win, game });
        balance += win - bet;
        at += 30_000 + Math.floor(rnd() * 240_000);
      }
      if (at > now) break;
      if (m.upline && balance > 50n * unit && rnd() < 0.12) {
        const amount = (balance / 5n / unit) * unit;
        events.push({ at, memberId: m.id, kind: 'upline', amount, from: m.username, to: m.upline });
        balance -= amount;
      } else if (balance > 200n * unit && rnd() < 0.25 && at + WITHDRAWAL_PAID_MS <= now) {
        const amount = (balance / 2n / unit) * unit;
        events.push({ at, memberId: m.id, kind: 'withdrawal', amount });
        balance -= amount;
      }
      // The next session: hours or days later.
      at += Math.floor(DAY * (0.3 + rnd() * rnd() * 7));
    }
  }
  events.sort((a, b) => a.at - b.at);

  // One transaction: a crash leaves no half history, and a second run finds the rounds and stops.
  await db.transaction(async (tx) => {
    const done = await tx
      .select({ id: gameRound.roundId })
      .from(gameRound)
      .where(
        inArray(
          gameRound.memberId,
          members.map((m) => m.id),
        ),
      )
      .limit(1);
    if (done.length) return;
    await post(tx, events);
  });
  return events.length;
}

const CHUNK = 1000;

/** Writes the planned history: the ledger in bulk (importTransfers), then the rounds, orders, withdrawals and daily figures. */
async function post(tx: Tx, events: Event[]): Promise<void> {
  const transfers: PastTransfer[] = [];
  const rounds: (typeof gameRound.$inferInsert)[] = [];
  const orders: { row: typeof paymentOrder.$inferInsert; transfer: number }[] = [];
  const payouts: (typeof withdrawal.$inferInsert)[] = [];
  const days = new Map<string, { memberId: number; day: string; vendor: string } & Required<DayFigures>>();
  const tz = brand().timeZone;
  const addDay = (memberId: number, at: number, vendor: string, f: DayFigures) => {
    const day = dayIn(at, tz);
    const key = `${memberId}|${day}|${vendor}`;
    let d = days.get(key);
    if (!d) days.set(key, (d = { memberId, day, vendor, betCount: 0, validBet: 0n, payout: 0n, depositCount: 0, deposit: 0n, withdrawalCount: 0, withdrawal: 0n }));
    d.betCount += f.betCount ?? 0;
    d.validBet += f.validBet ?? 0n;
    d.payout += f.payout ?? 0n;
    d.depositCount += f.depositCount ?? 0;
    d.deposit += f.deposit ?? 0n;
    d.withdrawalCount += f.withdrawalCount ?? 0;
    d.withdrawal += f.withdrawal ?? 0n;
  };
  const currency = brand().currency;
  for (const e of events) {
    const when = new Date(e.at);
    const main = mainAccount(e.memberId);
    if (e.kind === 'deposit') {
      const id = `demo-dep-${e.memberId}-${e.at}`;
      orders.push({
        transfer: transfers.length,
        row: { id, memberId: e.memberId, provider: 'sandbox', channel: 'demo', amount: e.amount, currency, status: 'paid', createdAt: when, expiresAt: new Date(e.at + 1_800_000), settledAt: when },
      });
      transfers.push({ kind: 'deposit', at: when, memberId: e.memberId, reference: id, memo: 'Deposit (demo data)', legs: [{ from: HOUSE.payments, to: main, amount: e.amount }] });
      addDay(e.memberId, e.at, '', { depositCount: 1, deposit: e.amount });
    } else if (e.kind === 'round') {
      const roundId = `demo-${e.memberId}-${e.at}`;
      const name = `${e.game.name} (demo round)`;
      const settledAt = new Date(e.at + 5_000);
      rounds.push({
        roundId,
        memberId: e.memberId,
        vendor: e.game.vendor,
        nodeId: e.game.nodeId,
        gameName: name,
        betAmount: e.bet,
        winAmount: e.win,
        walletAccount: main,
        status: 'settled',
        createdAt: when,
        settledAt,
      });
      transfers.push({ kind: 'bet', at: when, memberId: e.memberId, reference: roundId, memo: name, legs: [{ from: main, to: gamesAccount(e.memberId), amount: e.bet }] });
      if (e.win > 0n) transfers.push({ kind: 'win', at: settledAt, memberId: e.memberId, reference: roundId, memo: name, legs: [{ from: gamesAccount(e.memberId), to: main, amount: e.win }] });
      addDay(e.memberId, e.at, e.game.vendor, { betCount: 1, validBet: e.bet, payout: e.win });
    } else if (e.kind === 'upline') {
      transfers.push({
        kind: 'upline_transfer',
        at: when,
        memberId: e.memberId,
        reference: e.to.username,
        memo: `${e.from} → ${e.to.username} (demo data)`,
        legs: [{ from: main, to: mainAccount(e.to.id), amount: e.amount }],
      });
    } else {
      const id = `demo-wd-${e.memberId}-${e.at}`;
      const paidAt = new Date(e.at + WITHDRAWAL_PAID_MS);
      transfers.push({ kind: 'withdrawal_hold', at: when, memberId: e.memberId, reference: id, memo: 'Withdrawal (demo data)', legs: [{ from: main, to: holdAccount(e.memberId), amount: e.amount }] });
      transfers.push({
        kind: 'withdrawal_payout',
        at: paidAt,
        memberId: e.memberId,
        reference: id,
        memo: 'Withdrawal paid out (demo data)',
        legs: [{ from: holdAccount(e.memberId), to: HOUSE.payouts, amount: e.amount }],
      });
      payouts.push({
        id,
        memberId: e.memberId,
        amount: e.amount,
        currency,
        status: 'received',
        payeeName: 'Demo payee',
        reviewedBy: 'demo',
        receivedAmount: e.amount,
        requestedAt: when,
        reviewedAt: paidAt,
        paidAt,
        confirmedAt: paidAt,
      });
      addDay(e.memberId, paidAt.getTime(), '', { withdrawalCount: 1, withdrawal: e.amount });
    }
  }
  // Entries in time order (a win 5 s after its bet may pass a later event of another member).
  const order = transfers.map((_, i) => i).sort((a, b) => transfers[a]!.at.getTime() - transfers[b]!.at.getTime() || a - b);
  const ids = await importTransfers(
    tx,
    order.map((i) => transfers[i]!),
  );
  const idOf = new Map(order.map((i, k) => [i, ids[k]!]));
  for (let i = 0; i < rounds.length; i += CHUNK) await tx.insert(gameRound).values(rounds.slice(i, i + CHUNK));
  for (let i = 0; i < orders.length; i += CHUNK) await tx.insert(paymentOrder).values(orders.slice(i, i + CHUNK).map((o) => ({ ...o.row, transferId: idOf.get(o.transfer)! })));
  for (let i = 0; i < payouts.length; i += CHUNK) await tx.insert(withdrawal).values(payouts.slice(i, i + CHUNK));
  const paths = new Map(
    (
      await tx
        .select({ id: member.id, treePath: member.treePath, depth: member.depth })
        .from(member)
        .where(inArray(member.id, [...new Set(events.map((e) => e.memberId))]))
    ).map((m) => [m.id, m]),
  );
  const dayRows = [...days.values()].map((d) => ({ ...d, treePath: paths.get(d.memberId)!.treePath, depth: paths.get(d.memberId)!.depth }));
  for (let i = 0; i < dayRows.length; i += CHUNK) {
    await tx
      .insert(memberDay)
      .values(dayRows.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: [memberDay.memberId, memberDay.day, memberDay.vendor],
        set: {
          betCount: sql`${memberDay.betCount} + excluded.bet_count`,
          validBet: sql`${memberDay.validBet} + excluded.valid_bet`,
          payout: sql`${memberDay.payout} + excluded.payout`,
          depositCount: sql`${memberDay.depositCount} + excluded.deposit_count`,
          deposit: sql`${memberDay.deposit} + excluded.deposit`,
          withdrawalCount: sql`${memberDay.withdrawalCount} + excluded.withdrawal_count`,
          withdrawal: sql`${memberDay.withdrawal} + excluded.withdrawal`,
        },
      });
  }
  // Past days changed: summaries of them are built again.
  const pastDays = [...new Set(dayRows.map((d) => d.day))].filter((d) => d < dayIn(clock.now(), tz));
  if (pastDays.length)
    await tx
      .insert(memberDayDirty)
      .values(pastDays.map((day) => ({ day })))
      .onConflictDoNothing();
}
