/** Handlers of the contract calls (issue 14; contract: src/features/agent/contract.ts). */
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import {
  agentContractDecide,
  agentContractOffer,
  agentContracts,
  agentContractTermination,
  agentSettlements,
  consolidatedFunds,
  dailySalaryDecide,
  dividendDecide,
  hourlySalaryDecide,
  realtimeSalaryDecide,
  RELAY_KIND,
} from '../contract.ts';
import { isAgentType, sessionOf } from '../../accounts/index.ts';
import { balanceView, dayRange } from '../../wallet/index.ts';
import { db } from '../../../kernel/db/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { flattenWhitelabel } from '../../../kernel/brand/whitelabel.ts';
import { route } from '../../../kernel/http/dispatch.ts';
import { formatMinor } from '../../../kernel/money.ts';
import { requireAgent } from './team.ts';
import { contractFlags, contractsPage, contractView, decideOffer, kindEnabled, offerContract, terminationStep, viewsOf } from './contracts.ts';
import { agentSettlement } from './tables.ts';
import type { ContractKind } from './economics.ts';

const major = (v: bigint | string | number | null | undefined) => Number(formatMinor(BigInt(v ?? 0), brand().currencyDecimals));
const majorOrNull = (v: string | undefined) => (v === undefined ? null : major(v));

const relay = (call: typeof dividendDecide) =>
  route(call, async ({ body }, ctx) => {
    const d = await db();
    const agent = await requireAgent(d, ctx);
    const id = await decideOffer(d, agent, body.id, RELAY_KIND[call.name as keyof typeof RELAY_KIND], body.action);
    return contractView(d, id);
  });

export const contractRoutes = [
  route(agentContracts, async ({ query }, ctx) => {
    const d = await db();
    const agent = await requireAgent(d, ctx);
    return contractsPage(d, agent, query.kind);
  }),

  route(agentContractOffer, async ({ body }, ctx) => {
    const d = await db();
    const agent = await requireAgent(d, ctx);
    const id = await offerContract(d, agent, body.agentId, body.kind, body.terms, ctx.t);
    return contractView(d, id);
  }),

  route(agentContractDecide, async ({ body }, ctx) => {
    const d = await db();
    const agent = await requireAgent(d, ctx);
    const id = await decideOffer(d, agent, body.id, body.kind, body.action);
    return contractView(d, id);
  }),
  relay(dividendDecide),
  relay(dailySalaryDecide),
  relay(hourlySalaryDecide),
  relay(realtimeSalaryDecide),

  route(agentContractTermination, async ({ body }, ctx) => {
    const d = await db();
    const agent = await requireAgent(d, ctx);
    const id = await terminationStep(d, agent, body.id, body.action);
    return contractView(d, id);
  }),

  route(agentSettlements, async ({ query }, ctx) => {
    const d = await db();
    const agent = await requireAgent(d, ctx);
    const r = dayRange(query);
    const pageNo = query.pageNo ?? 1;
    const pageSize = query.pageSize ?? 20;
    // Dividends of every period code; salaries by their kind.
    const kind = query.kind === 'dividend' ? sql`${agentSettlement.kind} like 'dividend:%'` : eq(agentSettlement.kind, query.kind);
    const where = and(eq(agentSettlement.agentId, agent.id), kind, gte(agentSettlement.periodStart, r.start), lt(agentSettlement.periodStart, r.end));
    const [rows, [sums]] = await Promise.all([
      d
        .select()
        .from(agentSettlement)
        .where(where)
        .orderBy(desc(agentSettlement.periodStart), desc(agentSettlement.seq))
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize),
      d
        .select({
          n: count(),
          amount: sql<string>`coalesce(sum(${agentSettlement.amount}), 0)::text`,
          validBet: sql<string>`coalesce(sum((${agentSettlement.figures}->>'validBet')::bigint) filter (where ${agentSettlement.seq} = 0), 0)::text`,
        })
        .from(agentSettlement)
        .where(where),
    ]);
    const total = Number(sums?.n ?? 0);
    return {
      from: r.from,
      to: r.to,
      content: rows.map((x) => {
        const f = x.figures as Record<string, string | number | undefined>;
        const s = (k: string) => (f[k] === undefined ? undefined : String(f[k]));
        return {
          id: x.id,
          contractId: x.contractId,
          kind: (x.kind.startsWith('dividend') ? 'dividend' : x.kind) as ContractKind,
          periodStart: x.periodStart.getTime(),
          periodEnd: x.periodEnd.getTime(),
          seq: x.seq,
          validBet: major(s('validBet')),
          houseWin: major(BigInt(s('validBet') ?? 0) - BigInt(s('payout') ?? 0)),
          active: Number(f.active ?? 0),
          tier: Number(f.tier ?? -1) + 1,
          tierRate: Number(f.tierRate ?? 0) / 100,
          effectiveRate: Number(f.effectiveRate ?? 0) / 100,
          effectiveWinRate: f.effectiveWinRate === undefined ? null : Number(f.effectiveWinRate) / 100,
          lostBet: majorOrNull(s('lostBet')),
          wonBet: majorOrNull(s('wonBet')),
          fee: majorOrNull(s('fee')),
          carryIn: majorOrNull(s('carryIn')),
          carryOut: x.kind.startsWith('dividend') ? major(x.carry) : null,
          base: majorOrNull(s('base')),
          gross: major(s('gross')),
          granted: major(s('granted')),
          due: major(x.due),
          amount: major(x.amount),
          owed: major(x.owed),
          settledAt: x.settledAt.getTime(),
        };
      }),
      pageNum: pageNo,
      totalPages: Math.ceil(total / pageSize),
      totalCount: total,
      totals: { amount: major(sums?.amount), validBet: major(sums?.validBet) },
    };
  }),

  route(consolidatedFunds, async (_input, ctx) => {
    const d = await db();
    const s = sessionOf(ctx);
    const balance = await balanceView(d, s.memberId);
    const policy = !!flattenWhitelabel(brand().whitelabel).AGENTPOLICY3;
    const agent = policy && !s.isTrial && isAgentType(s.type);
    const { offers, holds } = agent ? await contractFlags(d, s.memberId) : { offers: [], holds: new Set<ContractKind>() };
    const req = (k: ContractKind) => (!agent || !kindEnabled(k) ? 0 : offers.some((o) => o.kind === k) ? 2 : 1);
    const info = (k: ContractKind) => (agent && kindEnabled(k) && holds.has(k) ? 1 : 0);
    return {
      sumBalance: balance.sumBalance,
      currency: balance.currency,
      currencySymbol: balance.currencySymbol,
      dailysalreqtype: req('daily'),
      divtypereq: req('dividend'),
      contracthoursalreq: req('hourly'),
      realtimesalreqtype: req('realtime'),
      dailysalinfotype: info('daily'),
      divtypeinfo: info('dividend'),
      contracthoursalinfo: info('hourly'),
      contractmrdailysalinfotype: info('realtime'),
      offers: await viewsOf(d, offers),
    };
  }),
];
