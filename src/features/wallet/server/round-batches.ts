/**
 * Rounds in batches, inside the caller's transaction, for games whose rounds open together and
 * close together: a lottery slip opens its tickets at once (one transfer of their stakes), and a
 * draw settles every ticket it decides in the transaction that draws it (issue 16: 100,000 tickets
 * in seconds, where settleRound's transaction per round would take minutes).
 *
 * The guards are those of the single calls (game-play.ts): a round is opened once (its primary
 * key), closed once (a conditional update from open), its money only through the ledger. What a
 * batch adds is set-based SQL: the rounds' updates, their daily figures and their payouts are a
 * few statements whatever the number of rounds, the rows passed as one JSON parameter (no limit on
 * bind parameters, the same on PGlite and PostgreSQL).
 */
import { sql } from 'drizzle-orm';
import { brand } from '../../../kernel/brand/index.ts';
import { rowsOf } from '../../../kernel/db/rows.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { gameAccount, gamesAccount, mainAccount } from './accounts.ts';
import { postPayouts, postTransfer, type Payout, type Tx } from './ledger.ts';
import { gameRound } from './tables.ts';
import { charge, limitCreditCtes, membersWithLimit, refuseIfBlocked, zoneLiteral } from '../../protection/index.ts';

const ROUND_ID = /^[A-Za-z0-9_-]{8,64}$/;

export interface BatchBet {
  roundId: string;
  amount: bigint;
}

export interface OpenBatch {
  memberId: number;
  vendor: string;
  nodeId?: number | null;
  gameName: string;
  /** Debit the vendor's game wallet instead of the main wallet. */
  fromGameWallet?: boolean;
  /** The transfer's reference (the slip). */
  reference: string;
  bets: BatchBet[];
  /** When the rounds' result is due, ms (a live table's draw): the stale-round sweeper leaves them open until then. */
  settleBy?: number;
}

/**
 * Opens a member's rounds of one game and debits their bets in one transfer (a leg per round):
 * refused whole with 'wallet.balance.insufficient' when the wallet is short. Answers the wallet's
 * balance after.
 */
export async function openRounds(tx: Tx, batch: OpenBatch): Promise<{ wallet: string; balance: bigint }> {
  if (batch.bets.length === 0) throw new Error('a batch needs at least one round');
  for (const b of batch.bets) {
    if (!ROUND_ID.test(b.roundId)) throw new Error(`bad round id ${b.roundId}`);
    if (b.amount <= 0n) throw new ApiError(400, 'wallet.amount.positive');
  }
  const wallet = batch.fromGameWallet ? gameAccount(batch.memberId, batch.vendor) : mainAccount(batch.memberId);
  // Player protection: refused while blocked; the stakes counted against the loss and wager
  // limits (refused whole when one has no room), the limit rows locked before the account.
  await refuseIfBlocked(tx, batch.memberId);
  await charge(
    tx,
    batch.memberId,
    ['loss', 'wager'],
    batch.bets.reduce((n, b) => n + b.amount, 0n),
  );
  await tx.insert(gameRound).values(
    batch.bets.map((b) => ({
      roundId: b.roundId,
      memberId: batch.memberId,
      vendor: batch.vendor,
      nodeId: batch.nodeId ?? null,
      gameName: batch.gameName,
      betAmount: b.amount,
      walletAccount: wallet,
      status: 'open',
      settleBy: batch.settleBy === undefined ? null : new Date(batch.settleBy),
    })),
  );
  // The money last, as for single bets: the house games row is held only from here to the commit.
  const house = gamesAccount(batch.memberId);
  const posted = await postTransfer(tx, {
    kind: 'bet',
    memberId: batch.memberId,
    reference: batch.reference,
    memo: batch.gameName,
    legs: batch.bets.map((b) => ({ from: wallet, to: house, amount: b.amount })),
  });
  return { wallet, balance: posted.balances.get(wallet)! };
}

export interface RoundResult {
  roundId: string;
  /** 0n for a loss. */
  win: bigint;
}

export interface BatchOutcome {
  /** Rounds this call closed (rounds already closed are left as they were). */
  closed: number;
  /** Members paid, and what in all. */
  payouts: number;
  paid: bigint;
}

/**
 * Settles open rounds with their wins, in the caller's transaction: each round moves from open to
 * settled once (rounds already settled or refunded are skipped), its day's figures are added as
 * settleRound adds them, and each member's wins of the batch are paid in one transfer per wallet
 * from the house games account (`reference`: what decided them, such as a draw).
 */
export async function settleRounds(tx: Tx, results: RoundResult[], reference: string, memo: string): Promise<BatchOutcome> {
  if (results.length === 0) return { closed: 0, payouts: 0, paid: 0n };
  for (const r of results) if (r.win < 0n) throw new Error('a win cannot be negative');
  const json = JSON.stringify(results.map((r) => ({ r: r.roundId, w: r.win.toString() })));
  const tz = brand().timeZone;
  // One statement: the rounds closed, their daily figures added (grouped, so each member-day row
  // once), changed closed days marked, and what each member's wallet won.
  const rows = rowsOf(
    await tx.execute(sql`
      with src as (select x.r, x.w from jsonb_to_recordset(${json}::jsonb) as x(r text, w bigint)),
      up as (
        -- A round a vendor paid in part while open (part_paid) is closed with all of it; only src.w moves now.
        update game_round g set status = 'settled', win_amount = g.part_paid + src.w, settled_at = now()
        from src where g.round_id = src.r and g.status = 'open'
        returning g.member_id, g.vendor, g.bet_amount, g.win_amount, g.wallet_account, g.created_at, src.w as paying
      ),
      days as (
        insert into member_day (member_id, day, vendor, tree_path, depth, bet_count, valid_bet, payout, deposit_count, deposit, withdrawal_count, withdrawal)
        select d.member_id, d.day, d.vendor, m.tree_path, m.depth, count(*)::int, sum(d.bet_amount), sum(d.win_amount), 0, 0, 0, 0
        from (select up.*, (up.created_at at time zone ${tz})::date as day from up) d join member m on m.id = d.member_id
        group by d.member_id, d.day, d.vendor, m.tree_path, m.depth
        -- In key order: two draws settling at once lock shared member-day rows in the same order.
        order by d.member_id, d.day, d.vendor
        on conflict (member_id, day, vendor) do update set
          bet_count = member_day.bet_count + excluded.bet_count,
          valid_bet = member_day.valid_bet + excluded.valid_bet,
          payout = member_day.payout + excluded.payout
        returning day
      ),
      dirty as (
        insert into member_day_dirty (day) select distinct day from days where day < (now() at time zone ${tz})::date order by day
        on conflict (day) do update set at = now()
      )
      select member_id, wallet_account, count(*)::int as closed, sum(paying)::text as won from up group by member_id, wallet_account`),
  );
  await creditLossLimits(
    tx,
    json,
    rows.filter((r) => BigInt(String(r.won)) > 0n).map((r) => Number(r.member_id)),
  );
  const payouts: Payout[] = [];
  let closed = 0;
  for (const r of rows) {
    closed += Number(r.closed);
    const won = BigInt(String(r.won));
    const memberId = Number(r.member_id);
    if (won > 0n) payouts.push({ memberId, from: gamesAccount(memberId), to: String(r.wallet_account), amount: won });
  }
  const paid = await postPayouts(tx, 'win', payouts, reference, memo);
  return { closed, payouts: payouts.length, paid };
}

/**
 * Gives the batch's wins back to the loss limits of the members who have one (player protection):
 * a statement of its own after the settle, so the limit rows are locked after the day figures, as
 * a single settle locks them, and only when a winner of the batch has a loss limit.
 */
async function creditLossLimits(tx: Tx, json: string, winners: number[]): Promise<void> {
  if (!winners.length) return;
  const limited = await membersWithLimit(tx, 'loss', winners);
  if (!limited.length) return;
  await tx.execute(sql`
    with src as (select x.r from jsonb_to_recordset(${json}::jsonb) as x(r text, w bigint)),
    won as (
      select g.member_id, g.created_at, g.win_amount from game_round g join src on g.round_id = src.r
      where g.member_id = any(${`{${limited.join(',')}}`}::int[]) and g.win_amount > 0
    ),
    ${sql.raw(limitCreditCtes('lw', 'won', 's.win_amount', ['loss'], zoneLiteral()))}
    select count(*) from lw`);
}

/**
 * Refunds open rounds, in the caller's transaction (a cancelled draw): each moves from open to
 * refunded once, and each member's stakes go back in one transfer per wallet. Refunded rounds
 * count for nothing in the daily figures.
 */
export async function refundRounds(tx: Tx, roundIds: string[], reference: string, memo: string): Promise<BatchOutcome> {
  if (roundIds.length === 0) return { closed: 0, payouts: 0, paid: 0n };
  const rows = rowsOf(
    await tx.execute(sql`
      with up as (
        update game_round g set status = 'refunded', settled_at = now()
        -- Not a round paid in part: that one is settled or voided (game-play.ts), never refunded.
        where g.round_id in (select jsonb_array_elements_text(${JSON.stringify(roundIds)}::jsonb)) and g.status = 'open' and g.part_paid = 0
        returning g.member_id, g.bet_amount, g.wallet_account, g.created_at
      ),
      ${sql.raw(limitCreditCtes('lr', 'up', 's.bet_amount', ['loss', 'wager'], zoneLiteral()))}
      select (select count(*) from lr)::int as released, member_id, wallet_account, count(*)::int as closed, sum(bet_amount)::text as staked from up group by member_id, wallet_account`),
  );
  const payouts: Payout[] = rows.map((r) => ({ memberId: Number(r.member_id), from: gamesAccount(Number(r.member_id)), to: String(r.wallet_account), amount: BigInt(String(r.staked)) }));
  const paid = await postPayouts(tx, 'refund', payouts, reference, memo);
  return { closed: rows.reduce((n, r) => n + Number(r.closed), 0), payouts: payouts.length, paid };
}
