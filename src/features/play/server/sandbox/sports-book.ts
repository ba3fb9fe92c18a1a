/**
 * The sandbox's sports book (issue 34; contract/sports.ts says how it plays): a schedule of
 * fixtures made when a book is looked at, bets (singles and parlays) taken until kick-off through
 * the wallet, each result drawn once at the fixture's end from its committed seed, and every bet
 * brought to its fixtures' results by the fixture's settlement: settled, voided, or corrected.
 *
 * Money: a bet is one game round of the wallet, opened with its stake when placed (`openRounds`:
 * player protection's blocks and limits, the ledger) with `settleBy` at its last fixture's end, so
 * the stale-round sweeper leaves it open until its result is due. A fixture's settlement moves
 * its open bets in one transaction (`settleRounds` / `refundRounds`: set-based, so 10,000 bets on
 * one fixture settle in seconds); a bet already settled that a later fact changes (an operator's
 * corrected result, a fixture voided after it was paid, a parlay's leg corrected) goes through the
 * wallet's corrections (`resettleRound`, `voidRound`), each keyed by the fixture, its revision and
 * the new win, so a settlement that stops half way and runs again moves nothing twice.
 *
 * Settlement of a fixture (`settleFixture`) runs after its result is written, in its own
 * transaction: the job finds fixtures whose bets are behind their revision, so a crash between the
 * result and the money only delays the money. Two fixtures of one parlay settling at once lock
 * the parlay's bet row in id order, and the one that waits reads the other's result after the lock.
 */
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { clock } from '../../../../kernel/clock.ts';
import type { Db } from '../../../../kernel/db/index.ts';
import { rowsOf } from '../../../../kernel/db/rows.ts';
import { hashServerSeed, makeServerSeed, roundWords } from '../../../../kernel/fairness.ts';
import { ApiError } from '../../../../kernel/http/errors.ts';
import { once } from '../../../../kernel/idempotency.ts';
import { log } from '../../../../kernel/log.ts';
import { formatMinor } from '../../../../kernel/money.ts';
import { prng } from '../../../../kernel/prng.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import {
  BOOK_LANES,
  betReturn,
  drawScore,
  fairChances,
  legResult,
  lineOf,
  marketsOf,
  MAX_RETURN_MAJOR,
  potentialReturn,
  pricesAt,
  SCHEDULE_AHEAD_MIN,
  scoreDistribution,
  SLOT_MIN,
  SPORT_LENGTH_MIN,
  type AcceptOdds,
  type FixtureView,
  type LegResult,
  type Market,
  type Score,
  type Selection,
  type SportBetView,
  type SportBook,
  type SportParams,
  type Sport,
} from '../../contract/sports.ts';
import { gameRound, openRounds, refundRounds, resettleRoundIn, settleRounds, voidRoundIn, type Tx } from '../../../wallet/index.ts';
import { sportBet, sportFixture, sportLeg } from '../tables.ts';
import { newRoundId, type PlaySession } from './provider.ts';

type FixtureRow = typeof sportFixture.$inferSelect;
type BetRow = typeof sportBet.$inferSelect;

const MINUTE = 60_000;
/** How long after its last fixture's end a bet's round is left to the book before the stale-round sweeper may refund it. */
export const SETTLE_GRACE_MS = 24 * 60 * MINUTE;
const SLOT_MS = SLOT_MIN * MINUTE;

// ---------------------------------------------------------------------------------------------
// The schedule

/** The sandbox's made-up leagues and sides (labelled as the sandbox's on the page). */
const LEAGUES: Record<Sport, { league: string; sides: string[] }[]> = {
  football: [
    {
      league: 'Atlantic Premier',
      sides: ['Harbour City', 'Northgate United', 'Riverside Athletic', 'Eastfield Rovers', 'Kingsport FC', 'Westmoor Town', 'Bayview Albion', 'Millbrook Wanderers', 'Stonebridge', 'Ashford Park'],
    },
    {
      league: 'Liga Sierra',
      sides: ['Real Montaña', 'Atlético Costa', 'Deportivo Valle', 'CD Puerto Alto', 'Unión del Sur', 'Racing Llano', 'Sporting Brisa', 'CF Arroyo'],
    },
  ],
  basketball: [{ league: 'Metro Basketball', sides: ['Capital Comets', 'Bay Breakers', 'Summit Hawks', 'Delta Dynamos', 'Granite Giants', 'Coastal Kings', 'Prairie Pilots', 'Iron Owls'] }],
  esports: [
    { league: 'Sandbox Strike Masters', sides: ['Nova Five', 'Iron Wolves', 'Pixel Lions', 'Zero Latency', 'Blue Vortex', 'Night Owls Gaming'] },
    { league: 'Arena Legends Circuit', sides: ['Crimson Tide GG', 'Frostbyte', 'Solar Flare', 'Shadow Pact', 'Team Meridian', 'Echo Rising'] },
  ],
  cockfight: [{ league: 'Sandbox Derby', sides: ['Red Ember', 'Golden Crest', 'Black Thunder', 'White Storm', 'Grey Hatch', 'Blue Spur', 'Lakan Pula', 'Bulik Bayani'] }],
};

/** A side's strength in [0, 1), the same on every process and every run (FNV-1a of its name). */
function strength(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return (h % 1000) / 1000;
}

const perMillion = (x: number) => Math.min(999_000, Math.max(1_000, Math.round(x * 1_000_000)));

/** The half-point line of `lines` whose chance of going over (or of the home side covering) is nearest to even. */
function evenLine(lines: number[], chanceOver: (line: number) => number): number {
  return lines.reduce((best, l) => (Math.abs(chanceOver(l) - 0.5) < Math.abs(chanceOver(best) - 0.5) ? l : best));
}

/** A fixture's model from its sides' strengths (home first). */
export function modelOf(sport: Sport, home: string, away: string): SportParams {
  const d = strength(home) - strength(away);
  switch (sport) {
    case 'football': {
      const base = { sport, home: perMillion((1.45 * Math.exp(0.6 * d)) / 90), away: perMillion((1.15 * Math.exp(-0.6 * d)) / 90), hcp: 0.5, total: 2.5 } as const;
      return withLines(base, [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5], [1.5, 2.5, 3.5]);
    }
    case 'basketball': {
      const base = { sport, home: perMillion(0.52 + 0.08 * d), away: perMillion(0.5 - 0.08 * d), ot: perMillion(0.5 + 0.2 * d), hcp: 0.5, total: 100.5 } as const;
      const dist = scoreDistribution(base);
      const mean = (f: (s: Score) => number) => dist.reduce((n, x) => n + x.p * f(x.score), 0);
      const diff = mean((s) => s.home - s.away);
      const total = mean((s) => s.home + s.away);
      return { ...base, hcp: Math.round(-diff) + 0.5, total: Math.round(total) + 0.5 };
    }
    case 'esports': {
      const p = 0.5 + 0.25 * d;
      return { sport, home: perMillion(p), hcp: p >= 0.5 ? -1.5 : 1.5, total: 2.5 };
    }
    case 'cockfight':
      return { sport, draw: 30_000, home: Math.round(970_000 * (0.5 + 0.15 * d)) };
  }
}

function withLines<P extends SportParams & { hcp: number; total: number }>(p: P, hcps: number[], totals: number[]): P {
  const dist = scoreDistribution(p);
  const chance = (f: (s: Score) => boolean) => dist.reduce((n, x) => n + (f(x.score) ? x.p : 0), 0);
  return { ...p, hcp: evenLine(hcps, (l) => chance((s) => s.home + l > s.away)), total: evenLine(totals, (l) => chance((s) => s.home + s.away > l)) };
}

/** The fixture of a book's slot and lane: its sport, league and sides, the same in every process (what differs, its seed, is kept by whoever inserts first). */
function fixtureOf(book: SportBook, startsAt: number, lane: number) {
  const { sport, offsetMin } = BOOK_LANES[book][lane]!;
  const kickOff = startsAt + offsetMin * MINUTE;
  const r = prng((Math.floor(kickOff / MINUTE) * 31 + lane * 7919 + book.length * 104_729) >>> 0);
  const { league, sides } = r.pick(LEAGUES[sport]);
  const home = r.pick(sides);
  let away = r.pick(sides);
  while (away === home) away = r.pick(sides);
  const params = modelOf(sport, home, away);
  const seed = makeServerSeed();
  return {
    book,
    lane,
    sport,
    league,
    home,
    away,
    startsAt: new Date(kickOff),
    endsAt: new Date(kickOff + SPORT_LENGTH_MIN[sport] * MINUTE),
    params: params as unknown as Record<string, string | number>,
    chances: fairChances(params),
    serverSeed: seed.serverSeed,
    serverSeedHash: seed.serverSeedHash,
  };
}

/** How far each book's schedule is laid, in this process (a cache: the unique slot index is what keeps fixtures once). */
const laidUntil = new Map<SportBook, number>();

/**
 * Lays the book's schedule from the current slot to SCHEDULE_AHEAD_MIN ahead: the fixtures
 * missing are made (their seeds committed); processes doing so at once make each once.
 */
export async function ensureSchedule(db: Db, book: SportBook, now = clock.now()): Promise<void> {
  const first = Math.floor(now / SLOT_MS) * SLOT_MS;
  const last = first + SCHEDULE_AHEAD_MIN * MINUTE;
  if ((laidUntil.get(book) ?? 0) >= last && (laidUntil.get(book) ?? 0) - last < SLOT_MS * 2) return;
  const have = await db
    .select({ startsAt: sportFixture.startsAt, lane: sportFixture.lane })
    .from(sportFixture)
    .where(and(eq(sportFixture.book, book), gte(sportFixture.startsAt, new Date(first)), lte(sportFixture.startsAt, new Date(last + SLOT_MS))));
  const taken = new Set(have.map((h) => `${h.startsAt.getTime()}:${h.lane}`));
  const rows: ReturnType<typeof fixtureOf>[] = [];
  for (let slot = first; slot <= last; slot += SLOT_MS) {
    BOOK_LANES[book].forEach(({ offsetMin }, lane) => {
      if (!taken.has(`${slot + offsetMin * MINUTE}:${lane}`)) rows.push(fixtureOf(book, slot, lane));
    });
  }
  if (rows.length) await db.insert(sportFixture).values(rows).onConflictDoNothing();
  laidUntil.set(book, last);
}

// ---------------------------------------------------------------------------------------------
// Views

const paramsOf = (f: Pick<FixtureRow, 'params'>) => f.params as unknown as SportParams;

function fixtureView(f: FixtureRow, now: number): FixtureView {
  const p = paramsOf(f);
  const open = f.status === 'scheduled' && now < f.startsAt.getTime();
  const prices = open ? pricesAt(f.id, p, f.chances, now) : null;
  const finished = f.status === 'finished';
  return {
    id: f.id,
    sport: f.sport as Sport,
    league: f.league,
    home: f.home,
    away: f.away,
    startsAt: f.startsAt.toISOString(),
    endsAt: f.endsAt.toISOString(),
    status: f.status === 'void' ? 'void' : finished ? 'finished' : open ? 'open' : 'live',
    markets: marketsOf(p.sport).map(({ market, selections }) => ({
      market,
      line: lineOf(p, market),
      selections: selections.map((selection) => ({ selection, price: prices?.[`${market}:${selection}`] ?? null })),
    })),
    params: f.params,
    serverSeedHash: f.serverSeedHash,
    serverSeed: f.status === 'scheduled' ? null : f.serverSeed,
    result: finished ? f.result : null,
    // A fixture cancelled after its result still shows what its seed drew.
    drawn: f.status === 'scheduled' ? null : f.drawn,
  };
}

/** A leg's result from its fixture as it stands (null while undecided). */
function resultOfLeg(f: Pick<FixtureRow, 'status' | 'result' | 'params'>, market: string, selection: string): LegResult | null {
  if (f.status === 'void') return 'void';
  if (f.status !== 'finished' || !f.result) return null;
  return legResult(paramsOf(f), market as Market, selection as Selection, f.result);
}

type LegRow = { betId: number; fixtureId: number; market: string; selection: string; price: number; fixture: FixtureRow };

/** The legs of bets (ids, or a subquery of them) with their fixtures, by bet. */
async function legsOf(db: Db | Tx, bets: number[] | SQL): Promise<Map<number, LegRow[]>> {
  const out = new Map<number, LegRow[]>();
  if (Array.isArray(bets) && !bets.length) return out;
  const rows = await db
    .select({ leg: sportLeg, fixture: sportFixture })
    .from(sportLeg)
    .innerJoin(sportFixture, eq(sportFixture.id, sportLeg.fixtureId))
    .where(Array.isArray(bets) ? inArray(sportLeg.betId, bets) : sql`${sportLeg.betId} in ${bets}`)
    .orderBy(asc(sportFixture.startsAt), asc(sportLeg.fixtureId));
  for (const { leg, fixture } of rows) {
    const list = out.get(leg.betId) ?? [];
    list.push({ ...leg, fixture });
    out.set(leg.betId, list);
  }
  return out;
}

function betView(b: BetRow, legs: LegRow[]): SportBetView {
  const decided = legs.map((l) => ({ price: l.price, result: resultOfLeg(l.fixture, l.market, l.selection) }));
  const potential = betReturn(
    b.stake,
    decided.map((l) => ({ price: l.price, result: l.result ?? 'won' })),
  );
  const decimals = brand().currencyDecimals;
  return {
    id: b.id,
    roundId: b.roundId,
    stake: formatMinor(b.stake, decimals),
    potential: formatMinor(potential, decimals),
    status: b.status as SportBetView['status'],
    win: b.win === null ? null : formatMinor(b.win, decimals),
    createdAt: b.createdAt.toISOString(),
    legs: legs.map((l, i) => ({
      fixtureId: l.fixtureId,
      sport: l.fixture.sport as Sport,
      home: l.fixture.home,
      away: l.fixture.away,
      market: l.market as Market,
      line: lineOf(paramsOf(l.fixture), l.market as Market),
      selection: l.selection as Selection,
      price: l.price,
      result: decided[i]!.result,
    })),
  };
}

/** How many fixtures and results the book shows, and how many of the member's bets. */
const BOOK_FIXTURES = 60;
const BOOK_RESULTS = 30;
const BOOK_BETS = 30;

/** The book now: fixtures playing and to come, the last results, the member's latest bets (open first). */
export async function bookNow(db: Db, book: SportBook, memberId: number, now = clock.now()) {
  await ensureSchedule(db, book, now);
  const at = new Date(now);
  const [fixtures, results, bets] = await Promise.all([
    db
      .select()
      .from(sportFixture)
      .where(and(eq(sportFixture.book, book), eq(sportFixture.status, 'scheduled'), gt(sportFixture.endsAt, at)))
      .orderBy(asc(sportFixture.startsAt), asc(sportFixture.lane))
      .limit(BOOK_FIXTURES),
    db
      .select()
      .from(sportFixture)
      .where(and(eq(sportFixture.book, book), or(eq(sportFixture.status, 'finished'), eq(sportFixture.status, 'void')), gt(sportFixture.endsAt, new Date(now - 6 * 60 * MINUTE))))
      .orderBy(desc(sportFixture.endsAt), asc(sportFixture.lane))
      .limit(BOOK_RESULTS),
    // Open bets first, then the latest: two reads on the member's index, not a sort of every bet they made.
    Promise.all([
      db
        .select()
        .from(sportBet)
        .where(and(eq(sportBet.memberId, memberId), eq(sportBet.status, 'open')))
        .orderBy(desc(sportBet.createdAt))
        .limit(BOOK_BETS),
      db.select().from(sportBet).where(eq(sportBet.memberId, memberId)).orderBy(desc(sportBet.createdAt)).limit(BOOK_BETS),
    ]).then(([open, latest]) => {
      // Two reads: a bet settled between them is in both (it is shown once).
      const seen = new Set(open.map((b) => b.id));
      return [...open, ...latest.filter((b) => !seen.has(b.id) && b.status !== 'open')].slice(0, BOOK_BETS);
    }),
  ]);
  const legs = await legsOf(
    db,
    bets.map((b) => b.id),
  );
  return {
    fixtures: fixtures.map((f) => fixtureView(f, now)),
    results: results.map((f) => fixtureView(f, now)),
    bets: bets.map((b) => betView(b, legs.get(b.id) ?? [])),
  };
}

// ---------------------------------------------------------------------------------------------
// Bets

export interface SlipLeg {
  fixtureId: number;
  market: Market;
  selection: Selection;
  price: number;
}

/**
 * Places a bet (a single, or a parlay of legs of different fixtures) at the book's prices now,
 * the stake debited through the wallet; idempotent by the client's key. A price that moved is
 * taken or refused by `acceptOdds` (contract/sports.ts, sportsBet).
 */
export async function placeSportsBet(
  db: Db,
  s: PlaySession,
  book: SportBook,
  legs: SlipLeg[],
  stake: bigint,
  acceptOdds: AcceptOdds,
  idempotencyKey: string,
  now = clock.now(),
): Promise<{ bet: SportBetView; balance: string }> {
  if (s.memberId === null || s.demo) throw new ApiError(401, 'game.session.invalid');
  const memberId = s.memberId;
  if (new Set(legs.map((l) => l.fixtureId)).size !== legs.length) throw new ApiError(400, 'sports.sameFixture');
  if (stake < s.game.minBet) throw new ApiError(400, 'game.bet.invalid');
  const decimals = brand().currencyDecimals;
  const request = { session: s.id, stake: stake.toString(), acceptOdds, legs: [...legs].sort((a, b) => a.fixtureId - b.fixtureId) };
  const { value } = await once(db, { name: 'sports.bet', memberId, key: idempotencyKey, request }, async (tx) => {
    // In share mode: bets go on together, and a fixture's result or cancellation (which takes it for update) waits for them.
    const fixtures = await tx
      .select()
      .from(sportFixture)
      .where(
        inArray(
          sportFixture.id,
          legs.map((l) => l.fixtureId),
        ),
      )
      .orderBy(asc(sportFixture.id))
      .for('share');
    const byId = new Map(fixtures.map((f) => [f.id, f]));
    const taken: SlipLeg[] = [];
    const moved: SlipLeg[] = [];
    for (const l of legs) {
      const f = byId.get(l.fixtureId);
      if (!f || f.book !== book) throw new ApiError(404, 'sports.fixture.unknown');
      if (f.status !== 'scheduled' || now >= f.startsAt.getTime()) throw new ApiError(409, 'sports.closed');
      const p = paramsOf(f);
      if (!marketsOf(p.sport).some((m) => m.market === l.market && m.selections.includes(l.selection))) throw new ApiError(400, 'sports.selection.invalid');
      const price = pricesAt(f.id, p, f.chances, now)[`${l.market}:${l.selection}`]!;
      if (price !== l.price) moved.push({ ...l, price });
      taken.push({ ...l, price });
    }
    const refused = moved.filter((m) => acceptOdds === 'none' || (acceptOdds === 'higher' && m.price < legs.find((l) => l.fixtureId === m.fixtureId)!.price));
    if (refused.length) throw new ApiError(409, 'sports.odds.changed', {}, undefined, { value: { legs: moved } });
    const potential = potentialReturn(
      stake,
      taken.map((l) => l.price),
    );
    const most = BigInt(MAX_RETURN_MAJOR) * 10n ** BigInt(decimals);
    if (potential > most) throw new ApiError(400, 'sports.maxReturn', { most: formatMinor(most, decimals) });
    const roundId = newRoundId();
    const [b] = await tx.insert(sportBet).values({ memberId, nodeId: s.game.nodeId, roundId, stake }).returning();
    await tx.insert(sportLeg).values(taken.map((l) => ({ betId: b!.id, fixtureId: l.fixtureId, market: l.market, selection: l.selection, price: l.price })));
    const { balance } = await openRounds(tx, {
      memberId,
      vendor: s.game.vassalage,
      nodeId: s.game.nodeId,
      gameName: s.game.gameName,
      fromGameWallet: s.fromGameWallet,
      reference: roundId,
      bets: [{ roundId, amount: stake }],
      // The sweeper of stale rounds waits for the last fixture's result and a day more: the
      // book's own job settles it, and a round the sweeper refunded after a long stop would
      // only show as void.
      settleBy: Math.max(...fixtures.map((f) => f.endsAt.getTime())) + SETTLE_GRACE_MS,
    });
    const placed = await legsOf(tx, [b!.id]);
    return { bet: betView(b!, placed.get(b!.id)!), balance: formatMinor(balance, decimals) };
  });
  return value;
}

// ---------------------------------------------------------------------------------------------
// Results and settlement

/** The score a fixture's seed draws (what the verify page recomputes). */
export const drawnScore = (f: Pick<FixtureRow, 'id' | 'serverSeed' | 'params'>): Score => drawScore(paramsOf(f), roundWords(f.serverSeed, `sport-${f.id}`, 0));

/**
 * Draws a fixture's result once its end has come (status scheduled -> finished under its lock, the
 * seed published), raising its revision so that its settlement follows. Answers the fixture, or
 * null when it was not due or another process has it.
 */
export async function finishFixture(db: Db, id: number, now = clock.now()): Promise<FixtureRow | null> {
  return db.transaction(async (tx) => {
    const [f] = await tx
      .select()
      .from(sportFixture)
      .where(and(eq(sportFixture.id, id), eq(sportFixture.status, 'scheduled')))
      .for('update', { skipLocked: true });
    if (!f || f.endsAt.getTime() > now) return null;
    const score = drawnScore(f);
    const [done] = await tx
      .update(sportFixture)
      .set({ status: 'finished', drawn: score, result: score, revision: f.revision + 1, finishedAt: new Date(now) })
      .where(eq(sportFixture.id, id))
      .returning();
    return done!;
  });
}

type Wanted = { status: 'open' } | { status: 'settled'; win: bigint } | { status: 'void' };

/** What a bet should be, from its legs as their fixtures stand: lost as soon as a leg lost, void when every leg is. */
function wanted(stake: bigint, legs: LegRow[]): Wanted {
  const results = legs.map((l) => resultOfLeg(l.fixture, l.market, l.selection));
  if (results.includes('lost')) return { status: 'settled', win: 0n };
  if (results.includes(null)) return { status: 'open' };
  if (results.every((r) => r === 'void')) return { status: 'void' };
  return {
    status: 'settled',
    win: betReturn(
      stake,
      legs.map((l, i) => ({ price: l.price, result: results[i]! })),
    ),
  };
}

export interface Settlement {
  settled: number;
  voided: number;
  corrected: number;
  /** Corrections that failed this run (logged; the fixture stays behind and is tried again). */
  failed: number;
}

/** The bets on a fixture: a subquery, so that a fixture of any number of bets binds one parameter. */
const betsOnFixture = (id: number) => sql`(select l.bet_id from sport_leg l where l.fixture_id = ${id})`;

/**
 * Brings the bets of a fixture to its revision, once per revision. Its open bets that it decides
 * are settled or refunded in one transaction (set-based, whatever their number). Bets already
 * settled that it changes (a corrected result, a void after payment, a parlay's corrected leg) are
 * corrected one by one, each in its own transaction that locks the bet, reads its legs and its
 * wallet round as they stand and moves only the difference (resettleRoundIn, voidRoundIn): so a
 * correction run twice, or two fixtures of one parlay corrected at once, move the money once.
 * The fixture is marked settled when nothing failed. Answers what moved, or null when the fixture
 * is settled already or another process is at it.
 */
export async function settleFixture(db: Db, id: number): Promise<Settlement | null> {
  const phase = await db.transaction(async (tx) => {
    const [f] = await tx.select().from(sportFixture).where(eq(sportFixture.id, id)).for('update', { skipLocked: true });
    if (!f || f.settledRevision >= f.revision) return null;
    // The fixture's bets locked in id order (a parlay's other fixture settling at once, or a
    // correction of one of them, waits here); then, in statements of their own that see what
    // committed before the lock was had, their wallet rounds and their legs' fixtures.
    await tx.execute(sql`select b.id from sport_bet b where b.id in ${betsOnFixture(id)} order by b.id for update`);
    const rows = rowsOf(
      await tx.execute(sql`
        select b.id, b.round_id, b.stake, g.status, g.win_amount from sport_bet b join game_round g on g.round_id = b.round_id
        where b.id in ${betsOnFixture(id)}`),
    );
    const legs = await legsOf(tx, betsOnFixture(id));
    const settle: { roundId: string; win: bigint }[] = [];
    const refund: string[] = [];
    const corrections: number[] = [];
    for (const r of rows) {
      const betId = Number(r.id);
      const roundId = String(r.round_id);
      const want = wanted(BigInt(String(r.stake)), legs.get(betId) ?? []);
      if (r.status === 'open') {
        if (want.status === 'settled') settle.push({ roundId, win: want.win });
        else if (want.status === 'void') refund.push(roundId);
      } else if (r.status === 'settled' && differs(want, BigInt(String(r.win_amount ?? 0)))) corrections.push(betId);
    }
    const memo = `${f.home} v ${f.away}`;
    const reference = `sports:${id}:${f.revision}`;
    if (settle.length) {
      const done = await settleRounds(tx, settle, reference, memo);
      if (done.closed !== settle.length) log.error('play.sports.notOpen', { fixture: id, bets: settle.length, closed: done.closed });
    }
    if (refund.length) await refundRounds(tx, refund, reference, `${memo} (void)`);
    // Each bet as its wallet round now stands (a round another path closed shows as it is).
    await syncBets(tx, betsOnFixture(id));
    if (!corrections.length) await tx.update(sportFixture).set({ settledRevision: f.revision }).where(eq(sportFixture.id, id));
    return { f, settled: settle.length, voided: refund.length, corrections };
  });
  if (!phase) return null;
  const { f, corrections } = phase;
  let failed = 0;
  for (const betId of corrections) {
    try {
      await correctBet(db, betId);
    } catch (err) {
      failed++;
      log.error('play.sports.correct', { fixture: id, bet: betId, error: err instanceof Error ? err.message : String(err) });
    }
  }
  if (corrections.length && !failed)
    await db
      .update(sportFixture)
      .set({ settledRevision: f.revision })
      .where(and(eq(sportFixture.id, id), lt(sportFixture.settledRevision, f.revision)));
  return { settled: phase.settled, voided: phase.voided, corrected: corrections.length - failed, failed };
}

/** Does a settled round that paid `paid` need a correction to be what its bet wants? (A bet undecided again waits: a round is never reopened.) */
const differs = (want: Wanted, paid: bigint) => want.status === 'void' || (want.status === 'settled' && want.win !== paid);

/** Corrects one settled bet to what its legs say now, in one transaction under its lock. */
async function correctBet(db: Db, betId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [b] = await tx.select().from(sportBet).where(eq(sportBet.id, betId)).for('update');
    if (!b) return;
    const legs = (await legsOf(tx, [betId])).get(betId) ?? [];
    const want = wanted(b.stake, legs);
    const [round] = await tx.select({ status: gameRound.status, win: gameRound.winAmount }).from(gameRound).where(eq(gameRound.roundId, b.roundId));
    if (round?.status === 'settled' && differs(want, round.win ?? 0n)) {
      if (want.status === 'void') await voidRoundIn(tx, b.roundId);
      else if (want.status === 'settled') await resettleRoundIn(tx, b.roundId, want.win);
    }
    await syncBets(tx, sql`(${betId})`);
  });
}

/** Copies bets' status and win from their wallet rounds (refunded shows as void; an open round leaves its bet open). */
async function syncBets(tx: Tx, bets: SQL): Promise<void> {
  await tx.execute(sql`
    update sport_bet b set status = s.status, win = s.win
    from (select round_id, case status when 'refunded' then 'void' else status end as status, case status when 'refunded' then null else win_amount end as win from game_round) s
    where s.round_id = b.round_id and b.id in ${bets} and s.status <> 'open'
      and (b.status is distinct from s.status or b.win is distinct from s.win)`);
}

/** The job: fixtures whose end has come get their result, and fixtures whose bets are behind their revision are settled. */
export async function runSportsResults(db: Db, now = clock.now()): Promise<{ finished: number; settled: number }> {
  const due = await db
    .select({ id: sportFixture.id })
    .from(sportFixture)
    .where(and(eq(sportFixture.status, 'scheduled'), lte(sportFixture.endsAt, new Date(now))))
    .orderBy(asc(sportFixture.endsAt))
    .limit(200);
  let finished = 0;
  for (const { id } of due) {
    try {
      if (await finishFixture(db, id, now)) finished++;
    } catch (err) {
      log.error('play.sports.finish', { id, error: err instanceof Error ? err.message : String(err) });
    }
  }
  const behind = await db
    .select({ id: sportFixture.id })
    .from(sportFixture)
    .where(sql`${sportFixture.settledRevision} < ${sportFixture.revision}`)
    .orderBy(asc(sportFixture.id))
    .limit(200);
  let settled = 0;
  for (const { id } of behind) {
    try {
      if (await settleFixture(db, id)) settled++;
    } catch (err) {
      log.error('play.sports.settle', { id, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return { finished, settled };
}

/**
 * Ends a fixture now (the sandbox operator's `sports finish-now`, for demos and tests): its end
 * moves to now, the result is drawn, its bets settled. Answers the fixture, or null when it
 * is not scheduled.
 */
export async function finishFixtureNow(db: Db, id: number, now = clock.now()): Promise<FixtureRow | null> {
  const at = new Date(now);
  // Its kick-off stays (it is the fixture's slot in the schedule); a fixture finished before it reads as finished.
  const [f] = await db
    .update(sportFixture)
    .set({ endsAt: at })
    .where(and(eq(sportFixture.id, id), eq(sportFixture.status, 'scheduled')))
    .returning({ id: sportFixture.id });
  if (!f) return null;
  const done = await finishFixture(db, id, now);
  if (done) await settleFixture(db, id);
  return done;
}

/** Cancels a fixture (an operator's call: a match not played or abandoned): every leg on it counts at 1.00, its bets settled again. */
export async function voidFixture(db: Db, id: number, now = clock.now()): Promise<FixtureRow | null> {
  const [f] = await db
    .update(sportFixture)
    .set({ status: 'void', revision: sql`${sportFixture.revision} + 1`, finishedAt: new Date(now) })
    .where(and(eq(sportFixture.id, id), or(eq(sportFixture.status, 'scheduled'), eq(sportFixture.status, 'finished'))))
    .returning();
  if (f) await settleFixture(db, id);
  return f ?? null;
}

/**
 * Corrects a finished fixture's result (an operator's call: the feed published a wrong score):
 * the score that counts becomes `score` (the drawn one stays shown beside it), and every bet on it
 * is settled again, paid or taken back through the wallet's resettlement.
 */
export async function correctFixture(db: Db, id: number, score: Score): Promise<FixtureRow | null> {
  const [f] = await db
    .update(sportFixture)
    .set({ result: score, revision: sql`${sportFixture.revision} + 1` })
    .where(and(eq(sportFixture.id, id), eq(sportFixture.status, 'finished')))
    .returning();
  if (f) await settleFixture(db, id);
  return f ?? null;
}

/**
 * Recomputes a fixture's score from a seed someone holds (the verify call): whether its hash is
 * the one committed at the fixture's creation, and the score it draws with the fixture's model.
 * Null for no such fixture.
 */
export async function verifyFixture(db: Db, id: number, serverSeed: string) {
  const [f] = await db.select({ id: sportFixture.id, params: sportFixture.params, serverSeedHash: sportFixture.serverSeedHash }).from(sportFixture).where(eq(sportFixture.id, id));
  if (!f) return null;
  return { matchesHash: hashServerSeed(serverSeed) === f.serverSeedHash, serverSeedHash: f.serverSeedHash, score: drawnScore({ ...f, serverSeed }), params: f.params };
}
