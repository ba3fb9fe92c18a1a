/**
 * Agent contracts and their settlements (issue 14) through the API and the settlement engine, on
 * both databases: offers, acceptance through the spec's relays, every refusal (a rate above one's
 * own, someone else's offer, an agent outside the tree, player and trial tokens), the cascade when
 * an upline's rate drops, termination, expiry; a day settled with each agent's pay recomputed here
 * from the rounds, a rerun that pays nothing, a late round paid as a correction, the ledger audit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { callApi } from '../../../../../tests/support/api.ts';
import { fund, seedVendors, walletUser } from '../../../../../tests/support/wallet.ts';
import { placeBet, settleRound } from '../../../wallet/index.ts';
import { auditLedger, rowsOf } from '../../../wallet/server/ledger.ts';
import { brand } from '../../../../kernel/brand/index.ts';
import { periodAt } from '../../../../kernel/periods.ts';
import { endByOperator, expireOffers, grantContract, termsOf } from '../../server/contracts.ts';
import { correctOne, settleOne, STREAMS } from '../../server/settle.ts';
import { agentContract } from '../../server/tables.ts';
import { runOps } from '../../../../app/ops.ts';

let t: TestDb;
type U = Awaited<ReturnType<typeof walletUser>>;
let A: U, B: U, C: U, D: U, P1: U, P2: U, P3: U, X: U, Q: U, PL: U;
const daily = STREAMS.find((s) => s.key === 'daily')!;

let roundNo = 0;
async function round(u: U, bet: bigint, win: bigint) {
  const roundId = `ctr-${u.id}-${++roundNo}-${Date.now().toString(36)}`;
  await placeBet(t.db, { memberId: u.id, roundId, vendor: 'JL', gameName: 'JL test game', amount: bet });
  await settleRound(t.db, roundId, win);
}
const tiers = (...rates: number[]) => ({ tiers: rates.map((rate, i) => ({ minValidBet: i * 10, rate })) });
const offer = (from: U, to: U, kind: string, terms: unknown) => from.call('/wps/agent/contracts/offer', { method: 'POST', body: { agentId: to.id, kind, terms } });

beforeAll(async () => {
  t = await openTestDb();
  await seedVendors();
  A = await walletUser({ type: 1 });
  B = await walletUser({ type: 1, uplineId: A.id });
  D = await walletUser({ type: 1, uplineId: A.id });
  C = await walletUser({ type: 1, uplineId: B.id });
  P1 = await walletUser({ uplineId: A.id });
  P2 = await walletUser({ uplineId: B.id });
  P3 = await walletUser({ uplineId: C.id });
  X = await walletUser({ type: 1 });
  Q = await walletUser({ uplineId: X.id });
  PL = await walletUser({ uplineId: A.id });
  for (const u of [P1, P2, P3, Q]) await fund(u.id, 1_000_00n);
});
afterAll(async () => {
  await t.dispose();
});

describe('offers and decisions', () => {
  it('an agent without a contract of the kind cannot offer it', async () => {
    const r = await offer(A, B, 'daily', tiers(1));
    expect(r.status).toBe(400);
    expect(r.json.errorCode).toBe('agent.contract.noOwn');
  });

  it('the house grants the top agent; the agent offers within it; the downline accepts through the relay', async () => {
    await grantContract(t.db, A.id, 'daily', termsOf('daily', { tiers: [{ minValidBet: 0, minActive: 0, minLoss: 0, rate: 2 }], periodicMinBet: 0 }));
    const above = await offer(A, B, 'daily', tiers(1, 2.5));
    expect(above.status).toBe(400);
    expect(above.json.errorCode).toBe('agent.contract.rateAbove');
    expect(Object.keys(above.json.fieldErrors)).toEqual(['terms.tiers.1.rate']);
    expect(above.json.fieldErrors['terms.tiers.1.rate']).toMatch(/2/);

    const made = await offer(A, B, 'daily', tiers(1.5));
    expect(made.status).toBe(200);
    expect(made.json.value).toMatchObject({ status: 'offered', upline: A.username, agent: B.username, rate: 1.5 });

    const flags = (await B.call('/wps/member/info/funds/consolidated')).json.value;
    expect(flags).toMatchObject({ dailysalreqtype: 2, dailysalinfotype: 0, divtypereq: 1 });
    expect(flags.offers.map((o: { id: number }) => o.id)).toEqual([made.json.value.id]);

    const accepted = await B.call('/wps/relay/MCS2_processDailySalContract', { method: 'POST', body: { action: 'accept' } });
    expect(accepted.status).toBe(200);
    expect(accepted.json.value).toMatchObject({ status: 'active', id: made.json.value.id });
    expect(accepted.json.value.events.map((e: { action: string }) => e.action)).toEqual(['offer', 'accept']);
    const after = (await B.call('/wps/member/info/funds/consolidated')).json.value;
    expect(after).toMatchObject({ dailysalreqtype: 1, dailysalinfotype: 1 });

    expect((await offer(B, C, 'daily', tiers(1))).status).toBe(200);
    expect((await C.call('/wps/agent/contracts/decide', { method: 'POST', body: { kind: 'daily', action: 'accept' } })).status).toBe(200);
    const page = (await A.call('/wps/agent/contracts?kind=daily')).json.value;
    expect(page.own).toMatchObject({ upline: null, rate: 2, status: 'active' });
    expect(page.downlines.map((d: { username: string; active: { rate: number } | null }) => [d.username, d.active?.rate ?? null])).toEqual(
      [
        [B.username, 1.5],
        [D.username, null],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });

  it("refuses: not a direct downline, someone else's offer, outside the tree, players and trial accounts", async () => {
    const notDirect = await offer(A, C, 'daily', tiers(0.5));
    expect(notDirect.status).toBe(400);
    expect(notDirect.json.errorCode).toBe('agent.contract.notDirect');
    const outside = await offer(A, X, 'daily', tiers(0.5));
    expect(outside.json.errorCode).toBe('agent.contract.notDirect');

    const toD = await offer(A, D, 'daily', tiers(0.5));
    const id = toD.json.value.id;
    for (const who of [B, C, X]) {
      const r = await who.call('/wps/agent/contracts/decide', { method: 'POST', body: { id, action: 'accept' } });
      expect(r.status).toBe(404);
      expect(r.json.errorCode).toBe('agent.contract.unknown');
    }
    const player = await PL.call('/wps/agent/contracts/decide', { method: 'POST', body: { id, action: 'accept' } });
    expect(player.status).toBe(403);
    expect(player.json.errorCode).toBe('agent.only');
    expect((await PL.call('/wps/member/info/funds/consolidated')).json.value).toMatchObject({ dailysalreqtype: 0, dailysalinfotype: 0 });
    const trial = await walletUser({ type: 4 });
    const tr = await trial.call('/wps/agent/contracts?kind=daily');
    expect(tr.status).toBe(403);
    expect((await trial.call('/wps/member/info/funds/consolidated')).json.value).toMatchObject({ dailysalreqtype: 0 });
    const anon = await callApi('/wps/agent/contracts?kind=daily');
    expect(anon.status).toBe(401);
    // D rejects; a decided offer cannot be decided again.
    expect((await D.call('/wps/agent/contracts/decide', { method: 'POST', body: { id, action: 'reject' } })).json.value.status).toBe('rejected');
    const again = await D.call('/wps/agent/contracts/decide', { method: 'POST', body: { id, action: 'accept' } });
    expect(again.status).toBe(409);
  });

  it('an offer expires', async () => {
    const made = (await offer(A, D, 'daily', tiers(0.4))).json.value;
    await t.db
      .update(agentContract)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(agentContract.id, made.id));
    expect(await expireOffers(t.db)).toBeGreaterThanOrEqual(1);
    const r = await D.call('/wps/agent/contracts/decide', { method: 'POST', body: { id: made.id, action: 'accept' } });
    expect(r.status).toBe(409);
    const [row] = await t.db.select().from(agentContract).where(eq(agentContract.id, made.id));
    expect(row!.status).toBe('expired');
  });

  it('bad terms are named under their fields', async () => {
    const r = await offer(A, B, 'daily', { tiers: [{ rate: 1.234 }] });
    expect(r.status).toBe(400);
    expect(Object.keys(r.json.fieldErrors)).toContain('terms.tiers.0.rate');
    const rt = await offer(A, B, 'realtime', { lossRate: 1 });
    expect(rt.status).toBe(400);
  });

  it("refuses, tier by tier and under each field, terms better than the agent's own (rates at the same thresholds, fee, carry, minimum single bet)", async () => {
    const top = await walletUser({ type: 1 });
    const sub = await walletUser({ type: 1, uplineId: top.id });
    const es = (terms: unknown, kind = 'daily') => top.call('/wps/agent/contracts/offer', { method: 'POST', body: { agentId: sub.id, kind, terms }, headers: { language: 'es' } });
    const tier = (minValidBet: number, rate: number) => ({ minValidBet, minActive: 0, minLoss: 0, rate });

    // Its own: 0.8 % from $0, 1.5 % only from $20,000.
    await grantContract(t.db, top.id, 'daily', termsOf('daily', { tiers: [tier(0, 0.8), tier(20_000, 1.5)], periodicMinBet: 0 }));
    const early = await offer(top, sub, 'daily', { tiers: [tier(0, 1.5)] });
    expect(early.status).toBe(400);
    expect(early.json.errorCode).toBe('agent.contract.rateAbove');
    expect(early.json.fieldErrors).toEqual({ 'terms.tiers.0.rate': 'At most 0.8 % from these thresholds: your own rate there' });
    const second = await es({ tiers: [tier(0, 0.5), tier(10_000, 1.5)] });
    expect(second.status).toBe(400);
    expect(second.json.fieldErrors).toEqual({ 'terms.tiers.1.rate': 'Como máximo 0.8 % desde estos umbrales: tu propia tasa ahí' });
    // A periodic minimum bet below its own makes the first tier pay where its own pays nothing.
    await grantContract(t.db, top.id, 'daily', termsOf('daily', { tiers: [tier(0, 0.8), tier(20_000, 1.5)], periodicMinBet: 100 }));
    const noMin = await offer(top, sub, 'daily', { tiers: [tier(0, 0.5)], periodicMinBet: 0 });
    expect(Object.keys(noMin.json.fieldErrors)).toEqual(['terms.tiers.0.rate']);
    expect((await offer(top, sub, 'daily', { tiers: [tier(0, 0.8), tier(20_000, 1.5), tier(50_000, 1.5)], periodicMinBet: 100 })).status).toBe(200);

    // Dividends: a fee below its own, carry off against its own on.
    await grantContract(t.db, top.id, 'dividend', termsOf('dividend', { tiers: [tier(0, 10)], periodicMinBet: 0, feeRate: 10, period: 'M', carry: true }));
    const div = await offer(top, sub, 'dividend', { tiers: [tier(0, 10)], feeRate: 0, period: 'M', carry: false });
    expect(div.status).toBe(400);
    expect(div.json.errorCode).toBe('agent.contract.termsAbove');
    expect(div.json.fieldErrors).toEqual({ 'terms.feeRate': 'At least 10 %: your own fee rate', 'terms.carry': 'Your own contract carries a losing period into the next: so must this one' });
    const divEs = await es({ tiers: [tier(0, 10)], feeRate: 5, period: 'M', carry: true }, 'dividend');
    expect(divEs.json.fieldErrors).toEqual({ 'terms.feeRate': 'Como mínimo 10 %: tu propia comisión' });
    expect((await offer(top, sub, 'dividend', { tiers: [tier(0, 10)], feeRate: 10, period: 'M', carry: true })).status).toBe(200);

    // Real time: a minimum single bet below its own counts bets its own does not.
    await grantContract(t.db, top.id, 'realtime', termsOf('realtime', { lossRate: 0.6, winRate: 0.3, minSingleBet: 1 }));
    const rt = await offer(top, sub, 'realtime', { lossRate: 0.5, winRate: 0.2, minSingleBet: 0 });
    expect(rt.status).toBe(400);
    expect(rt.json.fieldErrors).toEqual({ 'terms.minSingleBet': 'At least 1.00: your own minimum single bet' });
    expect((await offer(top, sub, 'realtime', { lossRate: 0.5, winRate: 0.2, minSingleBet: 1 })).status).toBe(200);

    // Leave no contract in force for the tests below, which count every daily one.
    const live = await t.db
      .select()
      .from(agentContract)
      .where(and(eq(agentContract.agentId, top.id), eq(agentContract.status, 'active')));
    for (const c of live) expect(await endByOperator(t.db, c.id)).toBe(true);
  });
});

describe('a day settled through the ledger', () => {
  const p = () => periodAt('D', Date.now(), brand().timeZone);
  const teamBets = async (u: U) => {
    const [row] = rowsOf(
      await t.db.execute(sql`select coalesce(sum(r.bet_amount), 0)::text as vb from game_round r join member m on m.id = r.member_id
        where m.tree_path like ${u.treePath + '%'} and m.id <> ${u.id} and r.status = 'settled' and r.created_at >= ${new Date(p().start).toISOString()}::timestamptz`),
    );
    return BigInt(String(row!.vb));
  };
  const salaryOf = async (u: U) => {
    const [row] = rowsOf(
      await t.db.execute(sql`select coalesce(sum(e.amount), 0)::text as s from ledger_entry e join ledger_account a on a.id = e.account_id join ledger_transfer x on x.id = e.transfer_id
        where a.code = ${'member:' + u.id + ':main'} and x.kind = 'salary'`),
    );
    return BigInt(String(row!.s));
  };

  it('pays each agent its rate less what it granted below, recomputed from the rounds', async () => {
    await round(P1, 100_00n, 0n);
    await round(P2, 50_00n, 80_00n);
    await round(P3, 30_00n, 0n);
    await round(Q, 500_00n, 0n); // outside the contracted tree
    expect(await settleOne(t.db, daily, p())).toBe('settled');
    const [vA, vB, vC] = [await teamBets(A), await teamBets(B), await teamBets(C)];
    expect(vA).toBe(180_00n);
    // A 2 %, B 1.5 %, C 1 %: C earns 1 % of its team, B 1.5 % of its own less C's, A the rest of 2 %.
    const gA = (vA * 200n) / 10_000n;
    const gB = (vB * 150n) / 10_000n;
    const gC = (vC * 100n) / 10_000n;
    expect(await salaryOf(C)).toBe(gC);
    expect(await salaryOf(B)).toBe(gB - gC);
    expect(await salaryOf(A)).toBe(gA - gB);
    expect((await salaryOf(A)) + (await salaryOf(B)) + (await salaryOf(C))).toBe(gA);
    expect(await salaryOf(X)).toBe(0n);

    const records = (await B.call('/wps/agent/settlements?kind=daily')).json.value;
    expect(records.content).toHaveLength(1);
    expect(records.content[0]).toMatchObject({ seq: 0, validBet: Number(vB) / 100, effectiveRate: 1.5, amount: Number(gB - gC) / 100 });
    const income = (await B.call('/wps/agent/income')).json.value;
    expect(income.totals.salary).toBe(Number(gB - gC) / 100);
  });

  it('a rerun pays nothing; a late round is paid as a correction; the ledger audit holds', async () => {
    const before = [await salaryOf(A), await salaryOf(B), await salaryOf(C)];
    expect(await settleOne(t.db, daily, p())).toBe('already');
    expect(await correctOne(t.db, daily, p())).toBe(0);
    expect([await salaryOf(A), await salaryOf(B), await salaryOf(C)]).toEqual(before);

    await round(P3, 200_00n, 0n);
    expect(await correctOne(t.db, daily, p())).toBe(3);
    const [vA, vB, vC] = [await teamBets(A), await teamBets(B), await teamBets(C)];
    const gA = (vA * 200n) / 10_000n;
    const gB = (vB * 150n) / 10_000n;
    const gC = (vC * 100n) / 10_000n;
    expect(await salaryOf(C)).toBe(gC);
    expect(await salaryOf(B)).toBe(gB - gC);
    expect(await salaryOf(A)).toBe(gA - gB);
    expect(await correctOne(t.db, daily, p())).toBe(0);
    const audit = await auditLedger(t.db);
    expect(audit.total).toBe(0n);
    expect(audit.drifted).toEqual([]);
    expect(audit.unbalanced).toEqual([]);
    expect(audit.negative).toEqual([]);
  });
});

describe('cascades and termination', () => {
  it('a lower rate from the house ends the contracts it no longer covers, down the tree', async () => {
    await grantContract(t.db, A.id, 'daily', termsOf('daily', { tiers: [{ minValidBet: 0, minActive: 0, minLoss: 0, rate: 1.2 }], periodicMinBet: 0 }));
    const rows = await t.db.select().from(agentContract).where(eq(agentContract.kind, 'daily'));
    const live = rows.filter((r) => r.status === 'active');
    expect(live.map((r) => r.agentId)).toEqual([A.id]);
    const b = rows.find((r) => r.agentId === B.id && r.status === 'ended')!;
    const c = rows.find((r) => r.agentId === C.id && r.status === 'ended')!;
    expect(b.endReason).toBe('upline-rate');
    expect(c.endReason).toBe('upline-ended');
  });

  it('either party requests termination and the other accepts; the contract and those below it end', async () => {
    expect((await offer(A, B, 'daily', tiers(1))).status).toBe(200);
    expect((await B.call('/wps/agent/contracts/decide', { method: 'POST', body: { kind: 'daily', action: 'accept' } })).status).toBe(200);
    expect((await offer(B, C, 'daily', tiers(0.5))).status).toBe(200);
    const cOffer = (await C.call('/wps/agent/contracts?kind=daily')).json.value.offer;
    expect(cOffer.rate).toBe(0.5);
    expect((await C.call('/wps/agent/contracts/decide', { method: 'POST', body: { id: cOffer.id, action: 'accept' } })).status).toBe(200);
    const bc = (await B.call('/wps/agent/contracts?kind=daily')).json.value.own;
    const asked = await B.call('/wps/agent/contracts/termination', { method: 'POST', body: { id: bc.id, action: 'request' } });
    expect(asked.json.value.terminationRequestedBy).toBe('agent');
    // The requester cannot accept its own request; someone outside cannot touch it.
    expect((await B.call('/wps/agent/contracts/termination', { method: 'POST', body: { id: bc.id, action: 'accept' } })).status).toBe(409);
    expect((await X.call('/wps/agent/contracts/termination', { method: 'POST', body: { id: bc.id, action: 'accept' } })).status).toBe(404);
    const done = await A.call('/wps/agent/contracts/termination', { method: 'POST', body: { id: bc.id, action: 'accept' } });
    expect(done.json.value).toMatchObject({ status: 'ended', endReason: 'terminated' });
    const [cRow] = await t.db.select().from(agentContract).where(eq(agentContract.id, cOffer.id));
    expect(cRow).toMatchObject({ status: 'ended', endReason: 'upline-ended' });
  });
});

describe('the rate rule after any sequence of steps (fast-check, on the database)', () => {
  it("no active contract from an agent is above that agent's own, whatever grants, offers, answers and terminations came before", async () => {
    // A tree of its own: T (top) > U1, U2; U1 > V1; V1 > W1. Hourly contracts only (the other tests use daily).
    const T = await walletUser({ type: 1 });
    const U1 = await walletUser({ type: 1, uplineId: T.id });
    const U2 = await walletUser({ type: 1, uplineId: T.id });
    const V1 = await walletUser({ type: 1, uplineId: U1.id });
    const W1 = await walletUser({ type: 1, uplineId: V1.id });
    const people = [T, U1, U2, V1, W1];
    const byId = new Map(people.map((p) => [p.id, p]));
    const step = fc.oneof(
      fc.record({ op: fc.constant('grant' as const), rate: fc.constantFrom(50, 100, 200, 300) }),
      // Offers go down the tree's edges (the refusals of other pairs are tested above), and the
      // answers come mostly as acceptances, so that chains form and then break.
      fc.record({ op: fc.constant('offer' as const), to: fc.integer({ min: 1, max: 4 }), rate: fc.constantFrom(25, 75, 150, 250) }),
      fc.record({ op: fc.constant('decide' as const), pick: fc.nat(), accept: fc.oneof(fc.constant(true), fc.constant(true), fc.boolean()) }),
      fc.record({ op: fc.constant('terminate' as const), pick: fc.nat(), other: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 16 }), async (steps) => {
        await t.db.execute(sql`delete from agent_contract_event where contract_id in (select id from agent_contract where kind = 'hourly')`);
        await t.db.execute(sql`delete from agent_contract where kind = 'hourly'`);
        for (const s of steps) {
          if (s.op === 'grant') await grantContract(t.db, T.id, 'hourly', termsOf('hourly', { tiers: [{ minValidBet: 0, minActive: 0, minLoss: 0, rate: s.rate / 100 }], periodicMinBet: 0 }));
          else if (s.op === 'offer') await offer(byId.get(people[s.to]!.uplineId!)!, people[s.to]!, 'hourly', { tiers: [{ rate: s.rate / 100 }] });
          else if (s.op === 'decide') {
            // One of the offers waiting (the answer comes from its holder).
            const waiting = await t.db
              .select()
              .from(agentContract)
              .where(and(eq(agentContract.kind, 'hourly'), eq(agentContract.status, 'offered')))
              .orderBy(agentContract.id);
            const c = waiting[s.pick % Math.max(waiting.length, 1)];
            if (c) await byId.get(c.agentId)!.call('/wps/relay/MCS2_processContractHourSalary', { method: 'POST', body: { action: s.accept ? 'accept' : 'reject' } });
          } else {
            const live = await t.db
              .select()
              .from(agentContract)
              .where(and(eq(agentContract.kind, 'hourly'), eq(agentContract.status, 'active')))
              .orderBy(agentContract.id);
            const c = live.filter((x) => x.uplineId !== null)[s.pick % Math.max(live.length, 1)];
            if (c?.uplineId) {
              const holder = byId.get(c.agentId)!;
              const [first, second] = s.other ? [byId.get(c.uplineId)!, holder] : [holder, byId.get(c.uplineId)!];
              await first.call('/wps/agent/contracts/termination', { method: 'POST', body: { id: c.id, action: 'request' } });
              await second.call('/wps/agent/contracts/termination', { method: 'POST', body: { id: c.id, action: 'accept' } });
            }
          }
        }
        const broken = rowsOf(
          await t.db.execute(sql`select c.id from agent_contract c
            where c.kind = 'hourly' and c.status = 'active' and c.upline_id is not null
              and not exists (select 1 from agent_contract u where u.kind = 'hourly' and u.status = 'active' and u.agent_id = c.upline_id and u.rate >= c.rate)`),
        );
        expect(broken).toEqual([]);
        // And an offer that waits is within its giver's contract too (else accepting it is refused).
        const active = await t.db
          .select()
          .from(agentContract)
          .where(and(eq(agentContract.kind, 'hourly'), eq(agentContract.status, 'active')));
        expect(new Set(active.map((r) => r.agentId)).size).toBe(active.length);
      }),
      { numRuns: 60 },
    );
  });
});

describe('hourly, real-time and dividend periods', () => {
  it('each pays its rule on the rounds of its periods, recomputed here', async () => {
    const R = await walletUser({ type: 1 });
    const S = await walletUser({ type: 1 });
    const PR = await walletUser({ uplineId: R.id });
    const PS = await walletUser({ uplineId: S.id });
    await fund(PR.id, 500_00n);
    await fund(PS.id, 500_00n);
    const tier = (rate: number) => ({ tiers: [{ minValidBet: 0, minActive: 0, minLoss: 0, rate }], periodicMinBet: 0 });
    await grantContract(t.db, R.id, 'hourly', termsOf('hourly', tier(1)));
    await grantContract(t.db, R.id, 'realtime', termsOf('realtime', { lossRate: 1, winRate: 0.5, minSingleBet: 5 }));
    for (const who of [R, S]) await grantContract(t.db, who.id, 'dividend', termsOf('dividend', { ...tier(30), feeRate: 10, period: 'D', carry: true }));
    // R's team: 10.00 lost, 3.00 lost (below the 5.00 minimum single bet), 20.00 won 50.00. S's: 100.00 lost.
    await round(PR, 10_00n, 0n);
    await round(PR, 3_00n, 0n);
    await round(PR, 20_00n, 50_00n);
    await round(PS, 100_00n, 0n);

    const paid = async (u: U, kind: string) => {
      const [row] = rowsOf(
        await t.db.execute(sql`select coalesce(sum(e.amount), 0)::text as s from ledger_entry e join ledger_account a on a.id = e.account_id join ledger_transfer x on x.id = e.transfer_id
          where a.code = ${'member:' + u.id + ':main'} and x.kind = ${kind}`),
      );
      return BigInt(String(row!.s));
    };
    // Every period the rounds fall in (a test may cross an hour's or five minutes' end).
    const periodsOf = async (code: 'hour' | '5min' | 'D') => {
      const times = rowsOf(await t.db.execute(sql`select (extract(epoch from created_at) * 1000)::bigint::text as ms from game_round where member_id in (${PR.id}, ${PS.id})`));
      const seen = new Map<number, ReturnType<typeof periodAt>>();
      for (const x of times) {
        const p = periodAt(code, Number(x.ms), brand().timeZone);
        seen.set(p.start, p);
      }
      return [...seen.values()];
    };
    for (const p of await periodsOf('hour'))
      await settleOne(
        t.db,
        STREAMS.find((s) => s.key === 'hourly')!,
        p,
      );
    for (const p of await periodsOf('5min'))
      await settleOne(
        t.db,
        STREAMS.find((s) => s.key === 'realtime')!,
        p,
      );
    for (const p of await periodsOf('D'))
      await settleOne(
        t.db,
        STREAMS.find((s) => s.key === 'dividend:D')!,
        p,
      );

    // Hourly: 1 % of 33.00 of valid bets.
    expect(await paid(R, 'salary')).toBe(33n + (10_00n * 100n) / 10_000n + (20_00n * 50n) / 10_000n);
    // Dividend: R's team won 17.00 from the house: nothing, and the loss is carried; S's lost
    // 100.00: 10 % fee, then 30 % of 90.00.
    expect(await paid(R, 'dividend')).toBe(0n);
    expect(await paid(S, 'dividend')).toBe(27_00n);
    const carried = rowsOf(await t.db.execute(sql`select carry::text as c from agent_settlement where agent_id = ${R.id} and kind = 'dividend:D'`));
    expect(carried.map((r) => String(r.c))).toEqual(['-1700']);
    const records = (await S.call('/wps/agent/settlements?kind=dividend')).json.value;
    expect(records.content[0]).toMatchObject({ houseWin: 100, fee: 10, base: 90, effectiveRate: 30, amount: 27 });
  });
});

describe('the operator: npm run ops -- contract and settle', () => {
  it('grants from the house, lists, prints a dry run, settles once and re-runs for nothing', async () => {
    const O = await walletUser({ type: 1 });
    const PO = await walletUser({ uplineId: O.id });
    await fund(PO.id, 100_00n);
    const bad = await runOps(t.db, ['contract', 'grant', '--agent', O.username, '--kind', 'daily', '--terms', '{"tiers":[{"rate":1.234}]}'], 'test');
    expect(bad.ok).toBe(false);
    const granted = await runOps(t.db, ['contract', 'grant', '--agent', O.username, '--kind', 'daily', '--terms', '{"tiers":[{"minValidBet":0,"rate":3}]}'], 'test');
    expect(granted.ok).toBe(true);
    expect((await runOps(t.db, ['contract', 'list', '--agent', O.username], 'test')).output).toMatch(/daily\s+active\s+agent \d+\s+from house\s+rate 3\.00%/);
    await round(PO, 40_00n, 0n);
    // A period that has not closed is refused; yesterday's is settled (nothing of this agent's then).
    const today = new Date().toISOString();
    expect((await runOps(t.db, ['settle', 'run', '--stream', 'daily', '--at', today], 'test')).output).toMatch(/has not closed yet/);
    const dry = await runOps(t.db, ['settle', 'run', '--stream', 'daily', '--at', new Date(Date.now() - 86_400_000).toISOString(), '--dry-run'], 'test');
    expect(dry.output).toMatch(/^Dry run of daily/);
    const run = await runOps(t.db, ['settle', 'run', '--stream', 'daily', '--at', new Date(Date.now() - 86_400_000).toISOString()], 'test');
    expect(run.output).toMatch(/settled|empty|was settled already/);
    const again = await runOps(t.db, ['settle', 'run', '--stream', 'daily', '--at', new Date(Date.now() - 86_400_000).toISOString()], 'test');
    expect(again.output).toMatch(/was settled already; 0 correction/);
    expect((await runOps(t.db, ['settle', 'list', '--stream', 'daily'], 'test')).output).toMatch(/settled .* lines \d+ {2}paid/);
  });
});
