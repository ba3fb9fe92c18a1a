/**
 * The double-entry ledger. A transfer moves money between accounts in legs (from, to, amount);
 * each leg writes a debit entry on `from` and a credit entry on `to`, so every transfer's entries
 * sum to zero and the sum over all accounts stays zero forever. Balances are kept on the account
 * rows in the same transaction as the entries, under row locks: member accounts in account-id
 * order first, then the house accounts in code order (no deadlocks between transfers). Member
 * accounts never go below zero (the table's CHECK constraint refuses it, and postTransfer answers
 * 'wallet.balance.insufficient'); house accounts face the outside world and may.
 *
 * Entries and transfers are append-only (a trigger refuses UPDATE and DELETE): a correction is a
 * new transfer.
 */
import { rowsOf } from '../../../kernel/db/rows.ts';
import { ledgerOperations } from '../../../kernel/metrics.ts';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../kernel/db/index.ts';
import { ledgerAccount, ledgerEntry, ledgerTransfer } from './tables.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { describeAccount, HOUSE, mainAccount } from './accounts.ts';

/** What a database transaction handle looks like to the ledger (a Db works the same way). */
export type { Tx } from '../../../kernel/db/index.ts';
import type { Tx } from '../../../kernel/db/index.ts';

export type TransferKind =
  | 'deposit'
  | 'withdrawal_hold'
  | 'withdrawal_release'
  | 'withdrawal_payout'
  | 'bet'
  | 'win'
  | 'refund'
  /** A vendor's correction of a settled round's win (issue 34): the difference paid, or taken back. */
  | 'resettle'
  | 'wallet_transfer'
  | 'upline_transfer'
  | 'bonus'
  | 'bonus_forfeit'
  | 'salary'
  | 'dividend'
  | 'adjustment'
  /** Points (issue 32): earned, redeemed in the mall, converted to money, given back for a refused redemption. Points accounts only. */
  | 'points_earn'
  | 'points_redeem'
  | 'points_convert'
  | 'points_refund';

/** One leg: `amount` minor units leave `from` and arrive at `to` (account codes). */
export interface Leg {
  from: string;
  to: string;
  amount: bigint;
}

export interface TransferRequest {
  kind: TransferKind;
  memberId: number | null;
  reference?: string | null;
  memo?: string | null;
  legs: Leg[];
  /** When it happened, if not now: only for history imported in time order (the demo history). */
  at?: Date;
}

export interface PostedTransfer {
  transferId: number;
  /** Balance of every touched account after the transfer, by code. */
  balances: Map<string, bigint>;
}

/**
 * Posts a transfer inside the caller's transaction, in one statement: locks the touched member
 * accounts that exist in id order, applies the deltas (creating the house accounts and credited
 * member accounts that do not exist yet), and writes the transfer and its entries. A member account
 * that would go below zero (or a debit from one that never existed) is refused with
 * 'wallet.balance.insufficient' by the database itself (CHECK constraint, NOT NULL entry account):
 * the statement writes nothing, and the caller's transaction is left aborted, so it can only roll
 * back (every caller throws the refusal on).
 *
 * House accounts (the house games accounts take every bet and win) are locked last, by the same
 * statement, so a transaction holds a house row only from that statement to its commit, and bets
 * of different players queue on it for that short while instead of the whole transfer
 * (docs/architecture.md, Wallet; `npm run bench` measures it). One statement instead of one per
 * row is also fewer round-trips, which is most of a bet's cost.
 */
export async function postTransfer(tx: Tx, req: TransferRequest): Promise<PostedTransfer> {
  if (req.legs.length === 0) throw new Error('a transfer needs at least one leg');
  const deltas = new Map<string, bigint>();
  for (const leg of req.legs) {
    if (typeof leg.amount !== 'bigint' || leg.amount <= 0n) throw new Error(`a leg moves a positive bigint amount, got ${String(leg.amount)}`);
    if (leg.from === leg.to) throw new Error(`a leg cannot move money from ${leg.from} to itself`);
    deltas.set(leg.from, (deltas.get(leg.from) ?? 0n) - leg.amount);
    deltas.set(leg.to, (deltas.get(leg.to) ?? 0n) + leg.amount);
  }
  const byCode = (a: { code: string }, b: { code: string }) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
  const rows = [...deltas.keys()].map(describeAccount).sort(byCode);
  const guarded = rows.filter((r) => !r.allowNegative);

  // Entries in leg order (from, then to); each entry's balance_after is the account's final
  // balance less what later entries of this transfer move on it.
  const entries: { code: string; amount: bigint; later: bigint }[] = [];
  for (const leg of req.legs) entries.push({ code: leg.from, amount: -leg.amount, later: 0n }, { code: leg.to, amount: leg.amount, later: 0n });
  const after = new Map<string, bigint>();
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    e.later = after.get(e.code) ?? 0n;
    after.set(e.code, e.later + e.amount);
  }

  const ctes: SQL[] = [];
  const sources: string[] = [];
  if (guarded.length) {
    // Existing member accounts: locked in id order (as every transfer does, so no deadlock),
    // then updated; the CHECK constraint refuses a negative result.
    const codes = guarded.map((r) => sql`${r.code}`);
    const values = guarded.map((r) => sql`(${r.code}, ${deltas.get(r.code)!.toString()}::bigint)`);
    ctes.push(sql`lk as (select id, code from ledger_account where code in (${sql.join(codes, sql`, `)}) order by id for update)`);
    ctes.push(sql`mem as (update ledger_account a set balance = a.balance + x.delta
      from lk join (values ${sql.join(values, sql`, `)}) as x(code, delta) on x.code = lk.code
      where a.id = lk.id returning a.id, a.code, a.balance)`);
    sources.push('select id, code, balance from mem');
  }
  // House accounts, and member accounts credited for the first time: upserted in code order. A
  // member account debited for the first time is left out, so its entry finds no account.
  const upserted = rows.filter((r) => r.allowNegative || deltas.get(r.code)! >= 0n);
  if (upserted.length) {
    const values = upserted.map(
      (r) => sql`(${r.code}, ${r.memberId ?? null}::integer, ${r.kind}, ${r.vendor ?? null}::text, ${r.currency}, ${r.allowNegative ?? false}::boolean, ${deltas.get(r.code)!.toString()}::bigint)`,
    );
    const fresh = guarded.length ? sql`where not exists (select 1 from lk where lk.code = v.code)` : sql``;
    ctes.push(sql`ups as (insert into ledger_account (code, member_id, kind, vendor, currency, allow_negative, balance)
      select v.* from (values ${sql.join(values, sql`, `)}) as v(code, member_id, kind, vendor, currency, allow_negative, balance)
      ${fresh} order by v.code
      on conflict (code) do update set balance = ledger_account.balance + excluded.balance
      returning id, code, balance)`);
    sources.push('select id, code, balance from ups');
  }
  const entryValues = entries.map((e, i) => sql`(${e.code}, ${e.amount.toString()}::bigint, ${e.later.toString()}::bigint, ${i}::integer)`);
  let result: unknown;
  try {
    result = await tx.execute(sql`
      with ${sql.join(ctes, sql`, `)},
      acc as (${sql.raw(sources.join(' union all '))}),
      t as (
        insert into ledger_transfer (kind, member_id, reference, memo, created_at)
        values (${req.kind}, ${req.memberId}::integer, ${req.reference ?? null}::text, ${req.memo ?? null}::text, coalesce(${req.at?.toISOString() ?? null}::timestamptz, now()))
        returning id
      ), e as (
        insert into ledger_entry (transfer_id, account_id, amount, balance_after, created_at)
        select t.id, acc.id, x.amount, acc.balance - x.later, coalesce(${req.at?.toISOString() ?? null}::timestamptz, now())
        from (values ${sql.join(entryValues, sql`, `)}) as x(code, amount, later, ord)
        cross join t left join acc on acc.code = x.code
        order by x.ord
        returning 1
      )
      select (select id from t)::text as transfer_id, (select count(*) from e)::int as entries, acc.code, acc.balance::text as balance from acc`);
  } catch (err) {
    if (isShortOfMoney(err)) throw new ApiError(400, 'wallet.balance.insufficient');
    throw err;
  }
  const out = rowsOf(result);
  if (out.length !== rows.length || Number(out[0]!.entries) !== entries.length) {
    throw new Error(`ledger: transfer of ${rows.map((r) => r.code).join(', ')} wrote ${out.length} accounts and ${String(out[0]?.entries)} entries`);
  }
  ledgerOperations.inc({ kind: req.kind });
  return {
    transferId: Number(out[0]!.transfer_id),
    balances: new Map(out.map((r) => [String(r.code), BigInt(String(r.balance))])),
  };
}

/** Is this the database refusing a member account below zero, or a debit from an account that never existed? */
export function isShortOfMoney(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const x = e as { code?: unknown; constraint?: unknown; column?: unknown; table?: unknown };
    if (x.code === '23514' && x.constraint === 'ledger_account_not_negative') return true;
    if (x.code === '23502' && x.table === 'ledger_entry' && x.column === 'account_id') return true;
  }
  return false;
}

/** One payout of a batch: `amount` from a house account to a member's account, as its own transfer. */
export interface Payout {
  memberId: number;
  from: string;
  to: string;
  amount: bigint;
}

/**
 * Posts many single-leg transfers from house accounts to member accounts (a draw's wins, a
 * cancelled draw's refunds) in the caller's transaction, in five statements whatever their number:
 * accounts created where missing, member rows locked in id order and house rows in code order (the
 * order every transfer takes, so no deadlock), balances moved once per account, then a transfer per
 * payout with its two entries. Each entry's balance_after is the account's running balance in
 * payout order, as if they had been posted one by one. Credits only: no member account can go
 * below zero here. Answers the total paid.
 */
export async function postPayouts(tx: Tx, kind: TransferKind, payouts: Payout[], reference: string, memo: string): Promise<bigint> {
  if (payouts.length === 0) return 0n;
  const deltas = new Map<string, bigint>();
  let total = 0n;
  for (const p of payouts) {
    if (p.amount <= 0n) throw new Error(`a payout moves a positive amount, got ${p.amount}`);
    if (!describeAccount(p.from).allowNegative || describeAccount(p.to).allowNegative) throw new Error(`a payout goes from the house to a member, not ${p.from} -> ${p.to}`);
    deltas.set(p.from, (deltas.get(p.from) ?? 0n) - p.amount);
    deltas.set(p.to, (deltas.get(p.to) ?? 0n) + p.amount);
    total += p.amount;
  }
  const codes = [...deltas.keys()].sort();
  const described = codes.map(describeAccount);
  const json = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
  await tx.execute(sql`
    insert into ledger_account (code, member_id, kind, vendor, currency, allow_negative, balance)
    select a.code, a.member_id, a.kind, a.vendor, a.currency, a.allow_negative, 0
    from jsonb_to_recordset(${json(described.map((d) => ({ ...d, member_id: d.memberId ?? null, allow_negative: d.allowNegative ?? false })))}::jsonb)
      as a(code text, member_id integer, kind text, vendor text, currency text, allow_negative boolean)
    order by a.code
    on conflict (code) do nothing`);
  const members = codes.filter((c) => !describeAccount(c).allowNegative);
  const houses = codes.filter((c) => describeAccount(c).allowNegative);
  await tx.execute(sql`select id from ledger_account where code in (select jsonb_array_elements_text(${json(members)}::jsonb)) order by id for update`);
  await tx.execute(sql`select id from ledger_account where code in (select jsonb_array_elements_text(${json(houses)}::jsonb)) order by code for update`);
  const accounts = rowsOf(
    await tx.execute(sql`
      update ledger_account a set balance = a.balance + d.delta
      from jsonb_to_recordset(${json(codes.map((code) => ({ code, delta: deltas.get(code)! })))}::jsonb) as d(code text, delta bigint)
      where a.code = d.code
      returning a.id::text as id, a.code, a.balance::text as balance`),
  );
  if (accounts.length !== codes.length) throw new Error(`ledger: payouts touched ${accounts.length} of ${codes.length} accounts`);
  await tx.execute(sql`
    with x as (select * from jsonb_to_recordset(${json(payouts.map((p, i) => ({ i, m: p.memberId, f: p.from, t: p.to, a: p.amount })))}::jsonb) as x(i integer, m integer, f text, t text, a bigint)),
    acc as (select * from jsonb_to_recordset(${json(accounts)}::jsonb) as y(id bigint, code text, balance bigint)),
    ids as materialized (select x.i, nextval(pg_get_serial_sequence('ledger_transfer', 'id')) as tid from x order by x.i),
    t as (
      insert into ledger_transfer (id, kind, member_id, reference, memo)
      select ids.tid, ${kind}, x.m, ${reference}, ${memo} from x join ids on ids.i = x.i order by x.i
      returning id
    ),
    e as (
      select ids.tid, x.f as code, -x.a as amount, 2 * x.i as ord from x join ids on ids.i = x.i
      union all
      select ids.tid, x.t, x.a, 2 * x.i + 1 from x join ids on ids.i = x.i
    )
    insert into ledger_entry (transfer_id, account_id, amount, balance_after)
    select e.tid, acc.id, e.amount,
      acc.balance - coalesce(sum(e.amount) over (partition by e.code order by e.ord rows between 1 following and unbounded following), 0)
    from e join acc on acc.code = e.code
    order by e.ord`);
  return total;
}

/** Balances of the given account codes (0 for accounts that do not exist yet), without locking. */
export async function balancesOf(db: Db | Tx, codes: string[]): Promise<Map<string, bigint>> {
  const out = new Map(codes.map((c) => [c, 0n]));
  if (codes.length === 0) return out;
  const rows = await db.select({ code: ledgerAccount.code, balance: ledgerAccount.balance }).from(ledgerAccount).where(inArray(ledgerAccount.code, codes));
  for (const r of rows) out.set(r.code, r.balance);
  return out;
}

/** What an audit of the whole ledger found; every list empty and `total` 0 means it is sound. */
export interface LedgerAudit {
  /** Sum of all account balances (must be 0). */
  total: bigint;
  /** Accounts whose stored balance differs from the sum of their entries. */
  drifted: { code: string; balance: bigint; entries: bigint }[];
  /** Transfers whose entries do not sum to zero. */
  unbalanced: number[];
  /** Member accounts below zero. */
  negative: string[];
  /** Transfers that move more than one currency (money and points, issue 32, never mix). */
  mixed: number[];
  /** Sum of the balances per currency (each must be 0). */
  byCurrency: Record<string, bigint>;
  /**
   * Wallets whose game money disagrees with their rounds: every bet debited from a wallet, every
   * win and refund credited to it, must be those of the rounds that name it (game_round's
   * wallet_account), so a payout lands in the wallet its stake came from.
   */
  misrouted: { code: string; ledger: { bet: bigint; win: bigint; refund: bigint }; rounds: { bet: bigint; win: bigint; refund: bigint } }[];
  accounts: number;
  transfers: number;
}

/** Checks the ledger's invariants over the whole database (tests, `npm run ops -- ledger:audit`). */
export async function auditLedger(db: Db): Promise<LedgerAudit> {
  const drifted = (await db.execute(sql`
    select a.code, a.balance::text as balance, coalesce(sum(e.amount), 0)::text as entries
    from ledger_account a left join ledger_entry e on e.account_id = a.id
    group by a.id, a.code, a.balance
    having a.balance <> coalesce(sum(e.amount), 0)`)) as unknown as { rows?: Record<string, string>[] } | Record<string, string>[];
  const unbalanced = await db.execute(sql`
    select t.id from ledger_transfer t left join ledger_entry e on e.transfer_id = t.id
    group by t.id having coalesce(sum(e.amount), 0) <> 0 or count(e.id) < 2`);
  const totals = await db.execute(sql`
    select coalesce(sum(balance), 0)::text as total, count(*)::int as accounts,
      (select count(*)::int from ledger_transfer) as transfers
    from ledger_account`);
  const negative = await db.execute(sql`select code from ledger_account where not allow_negative and balance < 0`);
  const mixed = await db.execute(sql`
    select e.transfer_id from ledger_entry e join ledger_account a on a.id = e.account_id
    group by e.transfer_id having count(distinct a.currency) > 1`);
  const currencies = await db.execute(sql`select currency, coalesce(sum(balance), 0)::text as total from ledger_account group by currency`);
  const misrouted = await db.execute(sql`
    with moved as (
      select a.code,
        coalesce(sum(e.amount) filter (where t.kind = 'bet'), 0) as bet,
        coalesce(sum(e.amount) filter (where t.kind in ('win', 'resettle')), 0) as win,
        coalesce(sum(e.amount) filter (where t.kind = 'refund'), 0) as refund
      from ledger_entry e join ledger_transfer t on t.id = e.transfer_id join ledger_account a on a.id = e.account_id
      where a.member_id is not null and t.kind in ('bet', 'win', 'resettle', 'refund')
      group by a.code
    ), played as (
      -- A correction's shortfall (written_off) was paid as a win and never taken back; an open
      -- round's parts (part_paid) were paid before its win is known.
      select wallet_account as code, -sum(bet_amount) as bet,
        coalesce(sum(win_amount) filter (where status = 'settled'), 0) + coalesce(sum(part_paid) filter (where status = 'open'), 0) + sum(written_off) as win,
        coalesce(sum(bet_amount) filter (where status = 'refunded'), 0) as refund
      from game_round group by wallet_account
    )
    select coalesce(m.code, p.code) as code,
      coalesce(m.bet, 0)::text as lbet, coalesce(m.win, 0)::text as lwin, coalesce(m.refund, 0)::text as lrefund,
      coalesce(p.bet, 0)::text as rbet, coalesce(p.win, 0)::text as rwin, coalesce(p.refund, 0)::text as rrefund
    from moved m full join played p on p.code = m.code
    where coalesce(m.bet, 0) <> coalesce(p.bet, 0) or coalesce(m.win, 0) <> coalesce(p.win, 0) or coalesce(m.refund, 0) <> coalesce(p.refund, 0)`);
  const t = rowsOf(totals)[0]!;
  const big = (v: unknown) => BigInt(String(v));
  return {
    total: BigInt(String(t.total)),
    drifted: rowsOf(drifted).map((r) => ({ code: String(r.code), balance: BigInt(String(r.balance)), entries: BigInt(String(r.entries)) })),
    unbalanced: rowsOf(unbalanced).map((r) => Number(r.id)),
    negative: rowsOf(negative).map((r) => String(r.code)),
    mixed: rowsOf(mixed).map((r) => Number(r.transfer_id)),
    byCurrency: Object.fromEntries(rowsOf(currencies).map((r) => [String(r.currency), BigInt(String(r.total))])),
    misrouted: rowsOf(misrouted).map((r) => ({
      code: String(r.code),
      ledger: { bet: big(r.lbet), win: big(r.lwin), refund: big(r.lrefund) },
      rounds: { bet: big(r.rbet), win: big(r.rwin), refund: big(r.rrefund) },
    })),
    accounts: Number(t.accounts),
    transfers: Number(t.transfers),
  };
}

export { rowsOf } from '../../../kernel/db/rows.ts';

/** A transfer of the past, for `importTransfers`. */
export interface PastTransfer extends TransferRequest {
  at: Date;
}

const IMPORT_CHUNK = 1000;

/**
 * Imports past transfers in bulk, in the order given (time order), inside the caller's
 * transaction, and answers their ids in that order. For history only (the demo history): live
 * money goes through postTransfer. The same invariants hold, checked here entry by entry with
 * every touched account locked first: legs are positive, entries of a transfer sum to zero, a
 * member account is never below zero after any entry, and each entry's balance_after is exact.
 * A few statements for thousands of transfers, where postTransfer would take one per transfer.
 */
export async function importTransfers(tx: Tx, transfers: PastTransfer[]): Promise<number[]> {
  if (!transfers.length) return [];
  const codes = [...new Set(transfers.flatMap((t) => t.legs.flatMap((l) => [l.from, l.to])))].sort();
  for (let i = 0; i < codes.length; i += IMPORT_CHUNK) {
    await tx
      .insert(ledgerAccount)
      .values(codes.slice(i, i + IMPORT_CHUNK).map(describeAccount))
      .onConflictDoNothing();
  }
  const accounts = new Map<string, { id: number; balance: bigint; allowNegative: boolean }>();
  for (let i = 0; i < codes.length; i += IMPORT_CHUNK) {
    const rows = await tx
      .select({ id: ledgerAccount.id, code: ledgerAccount.code, balance: ledgerAccount.balance, allowNegative: ledgerAccount.allowNegative })
      .from(ledgerAccount)
      .where(inArray(ledgerAccount.code, codes.slice(i, i + IMPORT_CHUNK)))
      .orderBy(ledgerAccount.id)
      .for('update');
    for (const r of rows) accounts.set(r.code, { id: r.id, balance: r.balance, allowNegative: r.allowNegative });
  }
  const ids = rowsOf(await tx.execute(sql`select nextval(pg_get_serial_sequence('ledger_transfer', 'id'))::text as id from generate_series(1, ${transfers.length})`)).map((r) => Number(r.id));
  const transferRows: (typeof ledgerTransfer.$inferInsert)[] = [];
  const entryRows: (typeof ledgerEntry.$inferInsert)[] = [];
  transfers.forEach((t, i) => {
    transferRows.push({ id: ids[i]!, kind: t.kind, memberId: t.memberId, reference: t.reference ?? null, memo: t.memo ?? null, createdAt: t.at });
    for (const leg of t.legs) {
      if (typeof leg.amount !== 'bigint' || leg.amount <= 0n || leg.from === leg.to) throw new Error(`import: bad leg ${leg.from} -> ${leg.to} ${String(leg.amount)}`);
      for (const [code, amount] of [
        [leg.from, -leg.amount],
        [leg.to, leg.amount],
      ] as const) {
        const a = accounts.get(code)!;
        a.balance += amount;
        if (!a.allowNegative && a.balance < 0n) throw new ApiError(400, 'wallet.balance.insufficient');
        entryRows.push({ transferId: ids[i]!, accountId: a.id, amount, balanceAfter: a.balance, createdAt: t.at });
      }
    }
  });
  for (let i = 0; i < transferRows.length; i += IMPORT_CHUNK) await tx.insert(ledgerTransfer).values(transferRows.slice(i, i + IMPORT_CHUNK));
  for (let i = 0; i < entryRows.length; i += IMPORT_CHUNK) await tx.insert(ledgerEntry).values(entryRows.slice(i, i + IMPORT_CHUNK));
  const finals = [...accounts.values()];
  for (let i = 0; i < finals.length; i += IMPORT_CHUNK) {
    const values = finals.slice(i, i + IMPORT_CHUNK).map((a) => sql`(${a.id}::bigint, ${a.balance.toString()}::bigint)`);
    await tx.execute(sql`update ledger_account a set balance = x.balance from (values ${sql.join(values, sql`, `)}) as x(id, balance) where a.id = x.id`);
  }
  return ids;
}

/**
 * Pays a member from the house (an agent's salary or dividend, issue 14), inside the caller's
 * transaction: the house account of the kind to the member's main wallet.
 */
export async function payFromHouse(tx: Tx, req: { kind: 'salary' | 'dividend'; memberId: number; amount: bigint; reference: string; memo: string }): Promise<PostedTransfer> {
  const from = req.kind === 'salary' ? HOUSE.salaries : HOUSE.dividends;
  return postTransfer(tx, { kind: req.kind, memberId: req.memberId, reference: req.reference, memo: req.memo, legs: [{ from, to: mainAccount(req.memberId), amount: req.amount }] });
}
