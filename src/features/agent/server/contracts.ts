/**
 * Agent contracts (issue 14): offer, accept, reject, termination, expiry and the operator's
 * grants, each recorded in agent_contract_event with who and when. The rules (docs/architecture.md,
 * 'Contracts and settlements'):
 *
 * - An agent offers a kind only to a direct downline agent, only while it holds an active
 *   contract of that kind itself, and only within it (economics.ts withinUpline).
 * - Accepting ends the holder's current contract of the kind (replaced) and then every contract
 *   of the kind the holder gave below that the new one no longer covers (upline-rate), waiting
 *   offers included (withdrawn); a contract that ends without a successor ends those below it the
 *   same way (upline-ended). So after any sequence of steps, every active contract from an agent
 *   stays within that agent's own active contract (a property test checks it).
 * - Each step runs in one transaction that locks the contracts it reads (FOR UPDATE), so two
 *   steps on the same contract happen one after the other.
 */
import type { TFunction } from 'i18next';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { AGENT_TYPES, findById, isAgentType, member, type Member } from '../../accounts/index.ts';
import type { Db, Tx } from '../../../kernel/db/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { formatMinor } from '../../../kernel/money.ts';
import { emit } from '../../../kernel/events.ts';
import { agentSettings } from './settings.ts';
import { contractEnded, contractOffered, type ContractEndReason, type ContractKindName, type ContractView, type TermsInput } from '../contract.ts';
import { excessOver, headlineRate, withinUpline, type ContractKind, type Excess, type DividendTerms, type RealtimeTerms, type Terms, type TieredTerms } from './economics.ts';
import { agentContract, agentContractEvent } from './tables.ts';

export type ContractRow = typeof agentContract.$inferSelect;
type Translate = TFunction;

/** Percent with 2 decimals to basis points, and back. */
const bp = (percent: number) => Math.round(percent * 100);
const pct = (basisPoints: number) => basisPoints / 100;
/** Major units to minor, and back (JSON numbers, as the reports answer). */
const minor = (major: number) => Math.round(major * 10 ** brand().currencyDecimals);
const majorOf = (m: number | bigint) => Number(formatMinor(BigInt(m), brand().currencyDecimals));

/** The API's terms (percent, major units) as the economics' (basis points, minor units); missing pieces are field errors. */
export function termsOf(kind: ContractKind, input: TermsInput, t?: Translate): Terms {
  const required = t ? t('errors:field.required') : 'required';
  if (kind === 'realtime') {
    const missing: Record<string, string> = {};
    if (input.lossRate === undefined) missing['terms.lossRate'] = required;
    if (input.winRate === undefined) missing['terms.winRate'] = required;
    if (Object.keys(missing).length) throw new ApiError(400, 'request.invalid', {}, missing);
    return { lossRate: bp(input.lossRate!), winRate: bp(input.winRate!), minSingleBet: minor(input.minSingleBet ?? 0) } satisfies RealtimeTerms;
  }
  if (!input.tiers?.length) throw new ApiError(400, 'request.invalid', {}, { 'terms.tiers': required });
  const tiered: TieredTerms = {
    tiers: input.tiers.map((t) => ({ minValidBet: minor(t.minValidBet ?? 0), minActive: t.minActive ?? 0, minLoss: minor(t.minLoss ?? 0), rate: bp(t.rate) })),
    periodicMinBet: minor(input.periodicMinBet ?? 0),
  };
  if (kind !== 'dividend') return tiered;
  return { ...tiered, feeRate: bp(input.feeRate ?? 0), period: input.period ?? 'M', carry: input.carry ?? false } satisfies DividendTerms;
}

/** The economics' terms in the API's units, only the kind's fields. */
export function termsView(kind: ContractKind, terms: Terms): ContractView['terms'] {
  if (kind === 'realtime') {
    const t = terms as RealtimeTerms;
    return { lossRate: pct(t.lossRate), winRate: pct(t.winRate), minSingleBet: majorOf(t.minSingleBet) };
  }
  const t = terms as TieredTerms;
  const view: ContractView['terms'] = {
    tiers: t.tiers.map((x) => ({ minValidBet: majorOf(x.minValidBet), minActive: x.minActive, minLoss: majorOf(x.minLoss), rate: pct(x.rate) })),
    periodicMinBet: majorOf(t.periodicMinBet),
  };
  if (kind === 'dividend') {
    const d = terms as DividendTerms;
    Object.assign(view, { feeRate: pct(d.feeRate), period: d.period, carry: d.carry });
  }
  return view;
}

/** Is the kind offered by the brand? */
export const kindEnabled = (kind: ContractKind): boolean => agentSettings().contracts[kind];

function requireKind(kind: ContractKind): void {
  if (!kindEnabled(kind)) throw new ApiError(403, 'agent.contract.kindOff');
}

async function event(tx: Tx | Db, contractId: number, action: string, actorId: number | null, detail?: string): Promise<void> {
  await tx.insert(agentContractEvent).values({ contractId, action, actorId, detail: detail ?? null });
}

/** The active contract of a kind an agent holds, locked when inside a transaction that asks. */
async function activeOf(tx: Tx | Db, agentId: number, kind: ContractKind, lock = false): Promise<ContractRow | undefined> {
  const q = tx
    .select()
    .from(agentContract)
    .where(and(eq(agentContract.agentId, agentId), eq(agentContract.kind, kind), eq(agentContract.status, 'active')));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/**
 * Ends (or withdraws, for offers) every contract of `kind` that `agentId` gave below it and that
 * its own terms (null: it holds none) no longer cover; and below those that ended, the same.
 */
async function enforceBelow(tx: Tx, agentId: number, kind: ContractKind, own: Terms | null, reason: 'upline-rate' | 'upline-ended'): Promise<void> {
  const given = await tx
    .select()
    .from(agentContract)
    .where(and(eq(agentContract.uplineId, agentId), eq(agentContract.kind, kind), inArray(agentContract.status, ['active', 'offered'])))
    .for('update');
  for (const c of given) {
    if (own && withinUpline(kind, c.terms as Terms, own)) continue;
    if (c.status === 'offered') {
      await tx
        .update(agentContract)
        .set({ status: 'withdrawn', decidedAt: sql`now()` })
        .where(eq(agentContract.id, c.id));
      await event(tx, c.id, 'withdraw', null, reason);
    } else {
      await tx
        .update(agentContract)
        .set({ status: 'ended', endedAt: sql`now()`, endReason: reason })
        .where(eq(agentContract.id, c.id));
      await event(tx, c.id, 'end', null, reason);
      await emit(tx, contractEnded, c.agentId, { kind, reason });
      await enforceBelow(tx, c.agentId, kind, null, 'upline-ended');
    }
  }
}

/** Ends an active contract (terminated, by an operator...) and what it no longer covers below. */
export async function endContract(tx: Tx, c: ContractRow, reason: ContractEndReason, actorId: number | null): Promise<void> {
  await tx
    .update(agentContract)
    .set({ status: 'ended', endedAt: sql`now()`, endReason: reason })
    .where(eq(agentContract.id, c.id));
  await event(tx, c.id, 'end', actorId, reason);
  await emit(tx, contractEnded, c.agentId, { kind: c.kind as ContractKind, reason });
  if (c.uplineId !== null) await emit(tx, contractEnded, c.uplineId, { kind: c.kind as ContractKind, reason });
  await enforceBelow(tx, c.agentId, c.kind as ContractKind, null, 'upline-ended');
}

/** Makes `c` (offered, or a grant) the holder's active contract of its kind, replacing the current one. */
async function activate(tx: Tx, c: ContractRow, actorId: number | null): Promise<void> {
  const kind = c.kind as ContractKind;
  const current = await activeOf(tx, c.agentId, kind, true);
  if (current) {
    await tx
      .update(agentContract)
      .set({ status: 'ended', endedAt: sql`now()`, endReason: 'replaced' })
      .where(eq(agentContract.id, current.id));
    await event(tx, current.id, 'end', actorId, 'replaced');
  }
  await tx
    .update(agentContract)
    .set({ status: 'active', decidedAt: sql`now()`, startedAt: sql`now()` })
    .where(eq(agentContract.id, c.id));
  await enforceBelow(tx, c.agentId, kind, c.terms as Terms, 'upline-rate');
}

/** A direct downline agent of `agent`, or 400 agent.contract.notDirect (whether it exists or not). */
async function directDownline(db: Db | Tx, agent: Member, id: number, t: Translate): Promise<Member> {
  const d = await findById(db, id);
  if (!d || d.uplineId !== agent.id || !isAgentType(d.type)) throw new ApiError(400, 'agent.contract.notDirect', {}, { agentId: t('errors:agent.contract.notDirect') });
  return d;
}

/** The offer's field errors where it is better than the offering agent's own terms (economics.ts excessOver), in the caller's words. */
function excessErrors(excess: Excess[], t: Translate): Record<string, string> {
  const decimals = brand().currencyDecimals;
  const out: Record<string, string> = {};
  for (const e of excess) {
    if (e.field === 'terms.carry') out[e.field] = t('errors:agent.contract.carry');
    else if (e.field === 'terms.feeRate') out[e.field] = t('errors:agent.contract.feeBelow', { min: String(pct(e.min)) });
    else if (e.field === 'terms.minSingleBet') out[e.field] = t('errors:agent.contract.minBetBelow', { min: formatMinor(BigInt(e.min), decimals) });
    else if (e.field === 'terms.lossRate' || e.field === 'terms.winRate') out[e.field] = t('errors:agent.contract.rateAbove', { max: String(pct(e.max)) });
    else if ('max' in e) out[e.field] = t('errors:agent.contract.tierAbove', { max: String(pct(e.max)) });
  }
  return out;
}

/** Offers a contract to a direct downline agent (a waiting offer to it is withdrawn). */
export async function offerContract(db: Db, agent: Member, agentId: number, kind: ContractKind, input: TermsInput, t: Translate): Promise<number> {
  requireKind(kind);
  const terms = termsOf(kind, input, t);
  return db.transaction(async (tx) => {
    const downline = await directDownline(tx, agent, agentId, t);
    const own = await activeOf(tx, agent.id, kind, true);
    if (!own) throw new ApiError(400, 'agent.contract.noOwn');
    const ownTerms = own.terms as Terms;
    if (kind === 'dividend' && (terms as DividendTerms).period !== (ownTerms as DividendTerms).period) {
      const period = t(`errors:agent.contract.periods.${(ownTerms as DividendTerms).period}`);
      throw new ApiError(400, 'agent.contract.period', { period }, { 'terms.period': t('errors:agent.contract.period', { period }) });
    }
    const excess = excessOver(kind, terms, ownTerms);
    if (excess.length) {
      // Rates first (the code clients know); the rest of what looks better than its own is termsAbove.
      const rate = excess.find((e) => 'max' in e);
      const fieldErrors = excessErrors(excess, t);
      if (rate && 'max' in rate) throw new ApiError(400, 'agent.contract.rateAbove', { max: String(pct(rate.max)) }, fieldErrors);
      throw new ApiError(400, 'agent.contract.termsAbove', {}, fieldErrors);
    }
    const waiting = await tx
      .select()
      .from(agentContract)
      .where(and(eq(agentContract.agentId, downline.id), eq(agentContract.kind, kind), eq(agentContract.status, 'offered')))
      .for('update');
    for (const w of waiting) {
      await tx
        .update(agentContract)
        .set({ status: 'withdrawn', decidedAt: sql`now()` })
        .where(eq(agentContract.id, w.id));
      await event(tx, w.id, 'withdraw', agent.id, 'new-offer');
    }
    const hours = agentSettings().contracts.offerExpiryHours;
    const [row] = await tx
      .insert(agentContract)
      .values({ kind, uplineId: agent.id, agentId: downline.id, status: 'offered', terms, rate: headlineRate(kind, terms), expiresAt: sql`now() + make_interval(hours => ${hours})` })
      .returning({ id: agentContract.id });
    await event(tx, row!.id, 'offer', agent.id);
    await emit(tx, contractOffered, downline.id, { kind, upline: agent.username, rate: headlineRate(kind, terms) / 100 });
    return row!.id;
  });
}

/** Accepts or rejects an offer waiting for `agent` (by id, or the one of `kind`). */
export async function decideOffer(db: Db, agent: Member, id: number | undefined, kind: ContractKind | undefined, action: 'accept' | 'reject'): Promise<number> {
  return db.transaction(async (tx) => {
    const where = id !== undefined ? eq(agentContract.id, id) : kind ? and(eq(agentContract.kind, kind), eq(agentContract.status, 'offered')) : undefined;
    if (!where) throw new ApiError(400, 'request.invalid', {}, { id: 'required' });
    const [c] = await tx
      .select()
      .from(agentContract)
      .where(and(where, eq(agentContract.agentId, agent.id)))
      .for('update');
    if (!c) throw new ApiError(404, 'agent.contract.unknown');
    if (kind && c.kind !== kind) throw new ApiError(404, 'agent.contract.unknown');
    requireKind(c.kind as ContractKind);
    if (c.status !== 'offered') throw new ApiError(409, 'agent.contract.state');
    if (c.expiresAt && c.expiresAt.getTime() <= Date.now()) {
      await expire(tx, c);
      throw new ApiError(409, 'agent.contract.state');
    }
    if (action === 'reject') {
      await tx
        .update(agentContract)
        .set({ status: 'rejected', decidedAt: sql`now()` })
        .where(eq(agentContract.id, c.id));
      await event(tx, c.id, 'reject', agent.id);
      return c.id;
    }
    // The upline must still hold a contract that covers the offer (it may have changed since).
    if (c.uplineId !== null) {
      const own = await activeOf(tx, c.uplineId, c.kind as ContractKind, true);
      if (!own || !withinUpline(c.kind as ContractKind, c.terms as Terms, own.terms as Terms)) {
        await tx
          .update(agentContract)
          .set({ status: 'withdrawn', decidedAt: sql`now()` })
          .where(eq(agentContract.id, c.id));
        await event(tx, c.id, 'withdraw', null, 'upline-rate');
        throw new ApiError(409, 'agent.contract.state');
      }
    }
    await activate(tx, c, agent.id);
    await event(tx, c.id, 'accept', agent.id);
    return c.id;
  });
}

async function expire(tx: Tx | Db, c: ContractRow): Promise<void> {
  await tx
    .update(agentContract)
    .set({ status: 'expired', decidedAt: sql`now()` })
    .where(and(eq(agentContract.id, c.id), eq(agentContract.status, 'offered')));
  await event(tx, c.id, 'expire', null);
}

/** The job: offers past their expiry become expired. */
export async function expireOffers(db: Db): Promise<number> {
  const due = await db
    .select()
    .from(agentContract)
    .where(and(eq(agentContract.status, 'offered'), lt(agentContract.expiresAt, sql`now()`)));
  for (const c of due) {
    await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(agentContract).where(eq(agentContract.id, c.id)).for('update');
      if (locked?.status === 'offered') await expire(tx, locked);
    });
  }
  return due.length;
}

/** Termination between two agents: request, accept (by the other party) or decline (either). */
export async function terminationStep(db: Db, agent: Member, id: number, action: 'request' | 'accept' | 'decline'): Promise<number> {
  return db.transaction(async (tx) => {
    const [c] = await tx
      .select()
      .from(agentContract)
      .where(and(eq(agentContract.id, id), or(eq(agentContract.agentId, agent.id), eq(agentContract.uplineId, agent.id))))
      .for('update');
    if (!c) throw new ApiError(404, 'agent.contract.unknown');
    if (c.status !== 'active' || c.uplineId === null) throw new ApiError(409, 'agent.contract.state');
    const requested = c.terminationRequestedBy;
    if (action === 'request') {
      if (requested !== null) throw new ApiError(409, 'agent.contract.state');
      await tx
        .update(agentContract)
        .set({ terminationRequestedBy: agent.id, terminationRequestedAt: sql`now()` })
        .where(eq(agentContract.id, c.id));
      await event(tx, c.id, 'request-termination', agent.id);
    } else if (action === 'accept') {
      if (requested === null || requested === agent.id) throw new ApiError(409, 'agent.contract.state');
      await event(tx, c.id, 'accept-termination', agent.id);
      await endContract(tx, c, 'terminated', agent.id);
    } else {
      if (requested === null) throw new ApiError(409, 'agent.contract.state');
      await tx.update(agentContract).set({ terminationRequestedBy: null, terminationRequestedAt: null }).where(eq(agentContract.id, c.id));
      await event(tx, c.id, 'decline-termination', agent.id);
    }
    return c.id;
  });
}

/** An operator's grant: a contract from the house, active at once (replacing the agent's current one). */
export async function grantContract(db: Db, agentId: number, kind: ContractKind, terms: Terms): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(agentContract)
      .values({ kind, uplineId: null, agentId, status: 'pending', terms, rate: headlineRate(kind, terms) })
      .returning();
    await activate(tx, row!, null);
    await event(tx, row!.id, 'grant', null);
    return row!.id;
  });
}

/** An operator ends an active contract (and what it covered below). */
export async function endByOperator(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [c] = await tx.select().from(agentContract).where(eq(agentContract.id, id)).for('update');
    if (!c || c.status !== 'active') return false;
    await endContract(tx, c, 'operator', null);
    return true;
  });
}

/** Contracts as the API shows them to `viewer`, with their steps and the parties' names. */
export async function viewsOf(db: Db | Tx, rows: ContractRow[]): Promise<ContractView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const events = await db.select().from(agentContractEvent).where(inArray(agentContractEvent.contractId, ids)).orderBy(agentContractEvent.at, agentContractEvent.id);
  const people = new Set<number>();
  for (const r of rows) {
    people.add(r.agentId);
    if (r.uplineId !== null) people.add(r.uplineId);
  }
  for (const e of events) if (e.actorId !== null) people.add(e.actorId);
  const names = new Map(
    (
      await db
        .select({ id: member.id, username: member.username })
        .from(member)
        .where(inArray(member.id, [...people]))
    ).map((m) => [m.id, m.username]),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as ContractKindName,
    status: r.status,
    upline: r.uplineId === null ? null : (names.get(r.uplineId) ?? null),
    agentId: r.agentId,
    agent: names.get(r.agentId) ?? '',
    terms: termsView(r.kind as ContractKind, r.terms as Terms),
    rate: pct(r.rate),
    offeredAt: r.offeredAt.getTime(),
    expiresAt: r.status === 'offered' ? (r.expiresAt?.getTime() ?? null) : null,
    startedAt: r.startedAt?.getTime() ?? null,
    endedAt: r.endedAt?.getTime() ?? null,
    endReason: r.endReason,
    terminationRequestedBy: r.terminationRequestedBy === null ? null : r.terminationRequestedBy === r.agentId ? 'agent' : 'upline',
    terminationRequestedAt: r.terminationRequestedAt?.getTime() ?? null,
    events: events.filter((e) => e.contractId === r.id).map((e) => ({ action: e.action, by: e.actorId === null ? null : (names.get(e.actorId) ?? null), at: e.at.getTime() })),
  }));
}

/** One contract the agent is a party to, as the API shows it. */
export async function contractView(db: Db, id: number): Promise<ContractView> {
  const rows = await db.select().from(agentContract).where(eq(agentContract.id, id));
  const [view] = await viewsOf(db, rows);
  if (!view) throw new ApiError(404, 'agent.contract.unknown');
  return view;
}

/** The agent's page of a kind: its own contract and offer, its direct downline agents' contracts from it, and past ones. */
export async function contractsPage(db: Db, agent: Member, kind: ContractKind) {
  const live = ['active', 'offered'];
  const [mine, downlines, past] = await Promise.all([
    db
      .select()
      .from(agentContract)
      .where(and(eq(agentContract.agentId, agent.id), eq(agentContract.kind, kind), inArray(agentContract.status, live))),
    db
      .select({ id: member.id, username: member.username, type: member.type })
      .from(member)
      .where(and(eq(member.uplineId, agent.id), inArray(member.type, [...AGENT_TYPES])))
      .orderBy(member.username),
    db
      .select()
      .from(agentContract)
      .where(and(or(eq(agentContract.agentId, agent.id), eq(agentContract.uplineId, agent.id)), eq(agentContract.kind, kind), sql`${agentContract.status} not in ('active', 'offered')`))
      .orderBy(desc(agentContract.offeredAt), desc(agentContract.id))
      .limit(20),
  ]);
  const given = downlines.length
    ? await db
        .select()
        .from(agentContract)
        .where(
          and(
            eq(agentContract.uplineId, agent.id),
            eq(agentContract.kind, kind),
            inArray(
              agentContract.agentId,
              downlines.map((d) => d.id),
            ),
            inArray(agentContract.status, live),
          ),
        )
    : [];
  const views = new Map((await viewsOf(db, [...mine, ...given, ...past])).map((v) => [v.id, v]));
  const pick = (rows: ContractRow[], status: string) => {
    const r = rows.find((x) => x.status === status);
    return r ? views.get(r.id)! : null;
  };
  return {
    kind,
    enabled: kindEnabled(kind),
    own: pick(mine, 'active'),
    offer: pick(mine, 'offered'),
    downlines: downlines.map((d) => ({
      agentId: d.id,
      username: d.username,
      active: pick(
        given.filter((g) => g.agentId === d.id),
        'active',
      ),
      offered: pick(
        given.filter((g) => g.agentId === d.id),
        'offered',
      ),
    })),
    history: past.map((p) => views.get(p.id)!),
  };
}

/** The offers waiting for the agent's answer (the consolidated popup), and the kinds it holds. */
export async function contractFlags(db: Db, agentId: number): Promise<{ offers: ContractRow[]; holds: Set<ContractKind> }> {
  const rows = await db
    .select()
    .from(agentContract)
    .where(
      and(
        eq(agentContract.agentId, agentId),
        inArray(agentContract.status, ['active', 'offered']),
        or(isNull(agentContract.expiresAt), sql`${agentContract.expiresAt} > now()`, eq(agentContract.status, 'active')),
      ),
    );
  return {
    offers: rows.filter((r) => r.status === 'offered' && kindEnabled(r.kind as ContractKind)),
    holds: new Set(rows.filter((r) => r.status === 'active').map((r) => r.kind as ContractKind)),
  };
}
