/**
 * A round's money in one statement each (issue 35): opening a round (the bet), settling it (the
 * win) and playing it whole (bet and win) are each a single SQL statement of data-modifying CTEs,
 * run by name (kernel/db/statement.ts). Where postTransfer and its neighbours took five or six
 * round trips in a transaction (BEGIN, the round, the daily figures, the transfer, the
 * idempotency record, COMMIT), a bet or a win is now one: PostgreSQL runs a lone statement as its
 * own transaction, so the work, the record and the commit travel together, and the house games
 * row is locked only while that statement runs.
 *
 * Each statement keeps the ledger's rules of postTransfer (ledger.ts), which it must agree with
 * (the ledger audit and the wallet's crash and concurrency tests check both):
 * - one transfer per movement, its entries summing to zero, each with the account's balance after;
 * - the member's account locked first, then the house games account (upserted), the order every
 *   transfer takes, after the round's own rows (game_round, member_day, member_day_dirty) in the
 *   order the batch settle of round-batches.ts takes them, so no two of them deadlock;
 * - a member account never below zero: a debit from an account that cannot pay (or does not
 *   exist) leaves `mem` empty and an entry without an account, which the NOT NULL constraint
 *   refuses (or the CHECK constraint refuses the balance), so the statement writes nothing and
 *   ledger.ts's isShortOfMoney reads it as 'wallet.balance.insufficient';
 * - a stake counted against the member's loss and wager limits, and refused with nothing written
 *   when one has no room or the member is blocked (player protection's stakeGuardCtes: the limit
 *   rows are locked after the round's day figures, before the member's account); a win given
 *   back to the loss limit of the period its bet was counted in (limitCreditCtes);
 * - the idempotency record written last (kernel/idempotency.ts onceInStatement), whose primary
 *   key lets one statement with a key commit.
 *
 * `$answer` is the call's answer less its balance, which the statement adds (the wallet's balance
 * after, as formatMinor writes it) before it stores the record.
 */
import { statement } from '../../../kernel/db/statement.ts';
import { limitCreditCtes, stakeGuardCtes } from '../../protection/index.ts';

/** SQL for formatMinor(x) with two decimals (the round answers' format): -5 -> '-0.05'. */
const minorText = (x: string) => `((${x})::numeric / 100)::numeric(20, 2)::text`;

/** The house games account credited (or debited) `delta` once `mem` (the member's side) moved: upserted, locked after the member's row. */
const houseUpsert = (code: string, currency: string, delta: string, from: string) => `hs as (
    insert into ledger_account (code, kind, currency, allow_negative, balance)
    select ${code}, 'house', ${currency}, true, ${delta} from ${from}
    on conflict (code) do update set balance = ledger_account.balance + excluded.balance
    returning id, balance
  )`;

/** A one-leg transfer's two entries (`amount` leaves `from`, arrives at `to`, each with its balance after), under transfer `t`. */
const twoEntries = (from: string, to: string, amount: string) => `e as (
    insert into ledger_entry (transfer_id, account_id, amount, balance_after)
    select t.id, ${from}.id, -${amount}, ${from}.balance from t left join ${from} on true
    union all
    select t.id, ${to}.id, ${amount}, ${to}.balance from t left join ${to} on true
    returning 1
  )`;

/** The idempotency record, written last, with the wallet's balance after added to the answer. */
const record = (key: string, memberId: string, hash: string, answer: string) => `rec as (
    insert into idempotency_record (key, member_id, request_hash, answer)
    select ${key}, ${memberId}, ${hash}, ${answer} || jsonb_build_object('balance', ${minorText('mem.balance')}) from mem
    returning 1
  )`;

/** The daily figures of a settled round `r` (member_id, created_at, vendor, bet, win), and its day marked changed when closed; then `after`. */
const dayFigures = (r: string, vendor: string, bet: string, win: string, tz: string) => `
  md as (
    insert into member_day (member_id, day, vendor, tree_path, depth, bet_count, valid_bet, payout, deposit_count, deposit, withdrawal_count, withdrawal)
    select m.id, (${r}.created_at at time zone ${tz})::date, ${vendor}, m.tree_path, m.depth, 1, ${bet}, ${win}, 0, 0, 0, 0
    from ${r} join member m on m.id = ${r}.member_id
    on conflict (member_id, day, vendor) do update set
      bet_count = member_day.bet_count + 1,
      valid_bet = member_day.valid_bet + excluded.valid_bet,
      payout = member_day.payout + excluded.payout
    returning day
  ), dirty as (
    insert into member_day_dirty (day) select day from md where day < (now() at time zone ${tz})::date
    on conflict (day) do update set at = now()
    returning day
  )`;

/**
 * Opens a round and debits its bet from the wallet to the house games account.
 * $1 round id, $2 member id, $3 vendor, $4 node id, $5 game name, $6 bet, $7 wallet code,
 * $8 house code, $9 currency, $10 record key, $11 request hash, $12 answer less balance, $13 time zone,
 * $14 when the result is due (null: at once; see game_round.settle_by).
 */
const openGuard = stakeGuardCtes({ member: '$2::integer', stake: '$6::bigint', lossDelta: '$6::bigint', tz: '$13::text', gate: 'r' });
export const OPEN_ROUND = statement(
  'wallet.round.open',
  `with r as (
    insert into game_round (round_id, member_id, vendor, node_id, game_name, bet_amount, wallet_account, status, settle_by)
    values ($1::text, $2::integer, $3::text, $4::integer, $5::text, $6::bigint, $7::text, 'open', $14::timestamptz)
    returning round_id
  ), ${openGuard.ctes}, lk as (
    select id from ledger_account where code = $7 and exists (select 1 from r) and ${openGuard.ok} for update
  ), mem as (
    update ledger_account a set balance = a.balance - $6::bigint from lk where a.id = lk.id returning a.id, a.balance
  ), ${houseUpsert('$8::text', '$9::text', '$6::bigint', 'mem')}, t as (
    insert into ledger_transfer (kind, member_id, reference, memo) select 'bet', $2::integer, $1::text, $5::text from r returning id
  ), ${twoEntries('mem', 'hs', '$6::bigint')}, ${record('$10::text', '$2::integer', '$11::text', '$12::jsonb')}
  select (select balance::text from mem) as balance, (select count(*) from e)::int as entries, (select count(*) from rec)::int as recorded`,
);

/**
 * Settles an open round with its win (0 for a loss): the round closed, its daily figures added,
 * the win credited from the house games account to the wallet the bet came from. A round that is
 * not open changes nothing (`closed` 0; `known` says whether it exists). A round a vendor paid in
 * parts while open (`part_paid`) is closed with all of them: its win, day figures and loss limits
 * count the parts and this last one ($2), and only $2 moves now.
 * $1 round id, $2 win, $3 time zone, $4 record key, $5 request hash, $6 house games code prefix
 * ('house:games:'), $7 shards, $8 currency.
 */
export const SETTLE_ROUND = statement(
  'wallet.round.settle',
  `with r as (
    update game_round set status = 'settled', win_amount = part_paid + $2::bigint, settled_at = now()
    where round_id = $1::text and status = 'open'
    returning member_id, vendor, created_at, bet_amount, wallet_account, game_name, win_amount
  ), ${dayFigures('r', 'r.vendor', 'r.bet_amount', 'r.win_amount', '$3::text')},
  ${limitCreditCtes('plw', 'r', 's.win_amount', ['loss'], '$3::text')},
  lk as (
    select a.id from ledger_account a join r on a.code = r.wallet_account
    where $2::bigint > 0 and exists (select 1 from md) and (select count(*) from dirty) >= 0 and (select count(*) from plw) >= 0
    for update of a
  ), mem as (
    update ledger_account a set balance = a.balance + $2::bigint from lk where a.id = lk.id returning a.id, a.balance
  ), ${houseUpsert('$6::text || (r.member_id % $7::integer)::text', '$8::text', '-$2::bigint', 'r, mem')}, t as (
    insert into ledger_transfer (kind, member_id, reference, memo)
    select 'win', r.member_id, $1::text, r.game_name from r where $2::bigint > 0
    returning id
  ), ${twoEntries('hs', 'mem', '$2::bigint')}, bal as (
    select coalesce((select balance from mem), (select a.balance from ledger_account a join r on a.code = r.wallet_account)) as balance
  ), rec as (
    insert into idempotency_record (key, member_id, request_hash, answer)
    select $4::text, null, $5::text, jsonb_build_object('roundId', $1::text, 'status', 'settled', 'bet', ${minorText('r.bet_amount')}, 'win', ${minorText('r.win_amount')}, 'balance', ${minorText('bal.balance')})
    from r, bal
    returning 1
  )
  select (select count(*) from r)::int as closed, (select bet_amount::text from r) as bet, (select win_amount::text from r) as won, (select bal.balance::text from bal) as balance, (select count(*) from e)::int as entries,
    (select count(*) from rec)::int as recorded, exists (select 1 from game_round where round_id = $1) as known`,
);

/** An engine's own writes for a round played in one statement (playRoundText). */
export interface EngineCtes {
  /** Names the composed statement (one text per name). */
  name: string;
  /** Its CTEs, `a as (...), b as (...)`, with parameters written $e1, $e2, ... */
  ctes: string;
  /**
   * The CTE that must answer a row for the round to be played (the engine's guard). Every other
   * CTE of the engine must read it (`... from <guard>`): a data-modifying CTE runs whether or not
   * anything reads it, so one that does not would write even when the guard answers none.
   */
  guard: string;
}

/**
 * Plays a whole round: the round written settled, its daily figures, the bet debited and the win
 * credited (two transfers; the wallet's row updated once, refused when it cannot pay the bet).
 * With `engine`, the engine's own writes (its seed's nonce, its round record) come first in the
 * same statement, and the round is played only when the engine's guard answers a row.
 * $1 round id, $2 member id, $3 vendor, $4 node id, $5 game name, $6 bet, $7 win, $8 wallet code,
 * $9 house code, $10 currency, $11 time zone, $12 record key, $13 request hash, $14 answer less
 * balance; the engine's $e<n> are $<14 + n>.
 */
export function playRoundText(engine?: EngineCtes): string {
  if (engine) {
    const parts = engine.ctes.split(/\),\s*(?=\w+ as \()/);
    if (!parts.slice(1).every((p) => new RegExp(`from ${engine.guard}\\b`).test(p))) throw new Error(`engine ${engine.name}: every CTE after the guard must read ${engine.guard}`);
  }
  const ctes = engine ? `${engine.ctes.replace(/\$e(\d+)/g, (_m, n: string) => `$${14 + Number(n)}`)},\n  ` : '';
  const gate = engine ? `exists (select 1 from ${engine.guard})` : 'true';
  const guard = stakeGuardCtes({ member: '$2::integer', stake: '$6::bigint', lossDelta: '($6::bigint - $7::bigint)', tz: '$11::text', gate: 'r' });
  return `with ${ctes}r as (
    insert into game_round (round_id, member_id, vendor, node_id, game_name, bet_amount, win_amount, wallet_account, status, settled_at)
    select $1::text, $2::integer, $3::text, $4::integer, $5::text, $6::bigint, $7::bigint, $8::text, 'settled', now() where ${gate}
    returning member_id, created_at
  ), ${dayFigures('r', '$3::text', '$6::bigint', '$7::bigint', '$11::text')},
  ${guard.ctes},
  lk as (
    select id from ledger_account where code = $8 and exists (select 1 from md) and (select count(*) from dirty) >= 0 and ${guard.ok} for update
  ), mem as (
    update ledger_account a set balance = a.balance - $6::bigint + $7::bigint from lk
    where a.id = lk.id and a.balance >= $6::bigint
    returning a.id, a.balance
  ), ${houseUpsert('$9::text', '$10::text', '$6::bigint - $7::bigint', 'mem')}, tb as (
    insert into ledger_transfer (kind, member_id, reference, memo) select 'bet', $2::integer, $1::text, $5::text from r returning id
  ), tw as (
    insert into ledger_transfer (kind, member_id, reference, memo) select 'win', $2::integer, $1::text, $5::text from tb where $7::bigint > 0 returning id
  ), e as (
    insert into ledger_entry (transfer_id, account_id, amount, balance_after)
    select tb.id, mem.id, -$6::bigint, mem.balance - $7::bigint from tb left join mem on true
    union all
    select tb.id, hs.id, $6::bigint, hs.balance + $7::bigint from tb left join hs on true
    union all
    select tw.id, hs.id, -$7::bigint, hs.balance from tw left join hs on true
    union all
    select tw.id, mem.id, $7::bigint, mem.balance from tw left join mem on true
    returning 1
  ), ${record('$12::text', '$2::integer', '$13::text', '$14::jsonb')}
  select (select count(*) from r)::int as played, (select balance::text from mem) as balance, (select count(*) from e)::int as entries, (select count(*) from rec)::int as recorded`;
}

/** A round played whole, without an engine's writes (round-statements' PLAY_ROUND). */
export const PLAY_ROUND = statement('wallet.round.play', playRoundText());
