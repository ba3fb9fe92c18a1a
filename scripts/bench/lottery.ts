/**
 * The lottery's figures for `npm run bench` (issue 16):
 * - tickets accepted per second through the running server's API (POST /lgw/lottery/bet, one
 *   ticket per slip, so each ticket is one purchase: idempotency record, draw share lock, round,
 *   ticket and stake transfer in one transaction) with 50 players, on the open draw with the most
 *   betting time left; the caller sets it beside the ledger bench's rounds/s on the same kind of
 *   database;
 * - settling one draw of 100,000 tickets on PostgreSQL (a fresh database): 1,000 players buy them
 *   through the same purchase code in slips of 50, then the draw's transaction draws the numbers
 *   and settles every ticket (wins credited, daily figures added). Beside it, the same number of
 *   rounds settled one transaction per round (settleRound) extrapolated from 2,000 of them: what a
 *   draw would cost without the batch settlement.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt } from 'drizzle-orm';
import { useDb } from '../../src/kernel/db/index.ts';
import type { DbHandle } from '../../src/kernel/db/client.ts';
import { member } from '../../src/features/accounts/server/tables.ts';
import { openSession } from '../../src/features/accounts/server/sessions.ts';
import { HOUSE, gameAccount, mainAccount } from '../../src/features/wallet/server/accounts.ts';
import { gameRound } from '../../src/features/wallet/server/tables.ts';
import { vendor } from '../../src/features/games/server/tables.ts';
import { auditLedger, postTransfer } from '../../src/features/wallet/server/ledger.ts';
import { placeBet, settleRound } from '../../src/features/wallet/server/game-play.ts';
import { LOTTERY_GAMES, lotteryGame, upcomingDraws } from '../../src/features/lottery/server/engine/schedule.ts';
import { drawOne, openDraws } from '../../src/features/lottery/server/draws.ts';
import { lotteryDraw, lotteryTicket } from '../../src/features/lottery/server/tables.ts';
import { buyTickets, type TicketInput } from '../../src/features/lottery/server/tickets.ts';
import { openMigrated } from './spins.ts';

const FUNDING = 100_000_000n;
const HEADERS = { merchant: 'DEMO', language: 'EN', device: 'web', 'content-type': 'application/json' };
const VENDORS = [...new Set(LOTTERY_GAMES.map((g) => g.vendor))];

const percentileOf = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);

/** `players` members with sessions, funded in the main wallet and every lottery vendor's wallet. */
async function fundedPlayers(handle: DbHandle, players: number, sessions: boolean): Promise<{ ids: number[]; tokens: string[] }> {
  const tag = randomBytes(3).toString('hex');
  const rows = await handle.db
    .insert(member)
    .values(Array.from({ length: players }, (_, i) => ({ username: `lotto_${tag}_${i}`, passwordHash: 'x', passwordChangedAt: new Date() })))
    .returning({ id: member.id });
  const tokens: string[] = [];
  for (const { id } of rows) {
    await handle.db.transaction((tx) =>
      postTransfer(tx, {
        kind: 'adjustment',
        memberId: id,
        memo: 'bench funding',
        legs: [mainAccount(id), ...VENDORS.map((v) => gameAccount(id, v))].map((to) => ({ from: HOUSE.adjustments, to, amount: FUNDING })),
      }),
    );
    if (sessions) tokens.push(await openSession(handle.db, { id, lastLoginAt: null, lastLoginIp: null }, '127.0.0.1', undefined));
  }
  return { ids: rows.map((r) => r.id), tokens };
}

/** Prepares the API figure's players in the server's database (before the server starts, for PGlite). */
export async function prepareTicketPlayers(handle: DbHandle, players: number): Promise<string[]> {
  return (await fundedPlayers(handle, players, true)).tokens;
}

export interface TicketLoad {
  ticketsPerSecond: number;
  tickets: number;
  seconds: number;
  players: number;
  gameCode: string;
  failures: number;
  firstFailure: string | null;
  p50Ms: number;
  p99Ms: number;
}

/** A ticket of each kind a player might buy on a game of `family` (the board's most common bets). */
function ticketFor(family: string, i: number): TicketInput {
  const n = (max: number) => (i * 7919) % max;
  switch (family) {
    case 'vnNorth':
    case 'vnSouth':
      return { betType: `${family}.lo2`, numbers: [n(100)], stake: '1.00' };
    case '4d':
      return { betType: '4d.big', numbers: [n(10_000)], stake: '1.00' };
    case 'lhc':
      return { betType: 'lhc.special', numbers: [1 + n(49)], stake: '1.00' };
    case 'pk10':
      return { betType: 'pk10.position', numbers: [1 + n(10)], position: 1, stake: '1.00' };
    case '11x5':
      return { betType: '11x5.first', numbers: [1 + n(11)], stake: '1.00' };
    default:
      return { betType: 'ssc.position', numbers: [n(10)], position: 0, stake: '1.00' };
  }
}

/** Each player buys one-ticket slips for `seconds` after a 1 s warm-up, on the open draw with the most betting time left. */
export async function measureTickets(baseUrl: string, tokens: string[], seconds: number): Promise<TicketLoad> {
  // The server's job opened the draws at its start; pick the one that stays open longest.
  let best: { gameCode: string; drawNo: string; family: string; left: number } | null = null;
  for (const g of LOTTERY_GAMES) {
    const info = (await (await fetch(`${baseUrl}/lgw/lottery/game?gameCode=${g.code}`, { headers: HEADERS })).json()) as {
      family: string;
      now: number;
      draws: { drawNo: string; opensAt: number; closesAt: number }[];
    };
    for (const d of info.draws) {
      const left = d.closesAt - info.now;
      if (d.opensAt <= info.now && (!best || left > best.left)) best = { gameCode: g.code, drawNo: d.drawNo, family: info.family, left };
    }
  }
  if (!best || best.left < (seconds + 5) * 1000) throw new Error('no lottery draw stays open long enough for the ticket figure');
  const times: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  const warmEnd = Date.now() + 1000;
  const end = warmEnd + seconds * 1000;
  let seq = 0;
  await Promise.all(
    tokens.map(async (token) => {
      while (Date.now() < end) {
        const t0 = performance.now();
        const res = await fetch(`${baseUrl}/lgw/lottery/bet`, {
          method: 'POST',
          headers: { ...HEADERS, authorization: token },
          body: JSON.stringify({ gameCode: best.gameCode, drawNo: best.drawNo, idempotencyKey: randomBytes(12).toString('hex'), tickets: [ticketFor(best.family, seq++)] }),
        });
        const text = await res.text();
        const ms = performance.now() - t0;
        if (res.status !== 200) {
          failures++;
          firstFailure ??= `${res.status} ${text.slice(0, 120)}`;
        } else if (t0 + performance.timeOrigin >= warmEnd) times.push(ms);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    ticketsPerSecond: times.length / seconds,
    tickets: times.length,
    seconds,
    players: tokens.length,
    gameCode: best.gameCode,
    failures,
    firstFailure,
    p50Ms: percentileOf(times, 50),
    p99Ms: percentileOf(times, 99),
  };
}

export interface DrawSettlement {
  tickets: number;
  buySeconds: number;
  settleSeconds: number;
  paidTickets: number;
  /** settleRound one transaction per round, extrapolated to `tickets` from `sampled` rounds. */
  perRoundSeconds: number;
  sampled: number;
  auditOk: boolean;
}

/** Buys `tickets` tickets on one VN_NORTH draw from 1,000 players on a fresh migrated database, then times its draw. */
export async function measureDrawSettlement(url: string, tickets = 100_000): Promise<DrawSettlement> {
  const handle = await openMigrated({ url });
  useDb(handle);
  try {
    const g = lotteryGame('VN_NORTH')!;
    // A fixed instant inside a betting window, far from the real clock's draws.
    const slot = upcomingDraws(g, Date.parse('2030-06-01T00:00:00Z'))[0]!;
    const now = slot.closesAt - 3_600_000;
    await openDraws(handle.db, [g], now);
    await handle.db.insert(vendor).values({ code: g.vendor, displayName: g.vendor, gameType: 'LOTT' }).onConflictDoNothing();
    const { ids } = await fundedPlayers(handle, 1000, false);
    const perSlip = 50;
    const slips = Math.ceil(tickets / perSlip);
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let s = next++; s < slips; s = next++) {
          const count = Math.min(perSlip, tickets - s * perSlip);
          const inputs = Array.from({ length: count }, (_, i) => {
            const k = s * perSlip + i;
            // Three kinds of bets: lô 2 (many small wins), đề and xiên 2.
            if (k % 3 === 0) return { betType: 'vnNorth.lo2', numbers: [(k * 37) % 100], stake: '1.00' };
            if (k % 3 === 1) return { betType: 'vnNorth.de', numbers: [(k * 53) % 100], stake: '1.00' };
            return { betType: 'vnNorth.xien2', numbers: [(k * 11) % 100, (k * 11 + 1) % 100], stake: '1.00' };
          });
          await buyTickets(handle.db, { memberId: ids[s % ids.length]!, gameCode: g.code, drawNo: slot.drawNo, idempotencyKey: `bench-${s}-${randomBytes(4).toString('hex')}`, tickets: inputs }, now);
        }
      }),
    );
    const buySeconds = (performance.now() - t0) / 1000;
    const [draw] = await handle.db
      .select()
      .from(lotteryDraw)
      .where(and(eq(lotteryDraw.gameCode, g.code), eq(lotteryDraw.drawNo, slot.drawNo)));
    const t1 = performance.now();
    const drawn = await drawOne(handle.db, draw!.id, slot.drawAt);
    const settleSeconds = (performance.now() - t1) / 1000;
    if (!drawn) throw new Error('the bench draw was not drawn');
    const [paid] = await handle.db
      .select({ n: count() })
      .from(gameRound)
      .innerJoin(lotteryTicket, eq(lotteryTicket.roundId, gameRound.roundId))
      .where(and(eq(lotteryTicket.drawId, draw!.id), gt(gameRound.winAmount, 0n)));
    // The baseline: rounds settled one transaction each.
    const sampled = 2000;
    const roundIds: string[] = [];
    for (let i = 0; i < sampled; i++) {
      const roundId = `bench-round-${i}-${randomBytes(4).toString('hex')}`;
      await placeBet(handle.db, { memberId: ids[i % ids.length]!, roundId, vendor: 'TCG_LOTTO_VN', gameName: 'bench', amount: 100n });
      roundIds.push(roundId);
    }
    const t2 = performance.now();
    let k = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = k++; i < sampled; i = k++) await settleRound(handle.db, roundIds[i]!, i % 3 ? 0n : 150n);
      }),
    );
    const perRoundSeconds = ((performance.now() - t2) / 1000) * (tickets / sampled);
    const a = await auditLedger(handle.db);
    return {
      tickets,
      buySeconds,
      settleSeconds,
      paidTickets: paid?.n ?? 0,
      perRoundSeconds,
      sampled,
      auditOk: a.total === 0n && a.drifted.length === 0 && a.unbalanced.length === 0 && a.negative.length === 0,
    };
  } finally {
    await handle.close();
  }
}
