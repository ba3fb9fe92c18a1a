/** The agent back office's handlers (contract: src/features/agent/contract.ts). */
import { agentAnnouncementList, agentBets, agentExport, agentIncome, agentLoss, agentOverview, agentProfile, agentRegister, agentTeamMembers, agentTransactions } from '../contract.ts';
import { ageNow, birthdayAsked, creatableTypes, registerDownline, type Member } from '../../accounts/index.ts';
import { dayRange } from '../../wallet/index.ts';
import { agentAnnouncements } from '../../content/index.ts';
import { db, readDb, type Db } from '../../../kernel/db/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import type { HandlerContext } from '../../../kernel/http/dispatch.ts';
import { route } from '../../../kernel/http/dispatch.ts';
import { listTeam, requireAgent, teamCounts, teamMemberOf } from './team.ts';
import { myIncome, overview, teamBets, teamMemberNamed, teamTransactions, userLoss, type Subject } from './reports.ts';
import { streamExport } from './export-stream.ts';
import { contractRoutes } from './contract-routes.ts';
import { kindEnabled } from './contracts.ts';

/** The caller, and whose team the report covers: its own, or a sub-agent's inside it (`parentId`). */
async function reportSubject(d: Db, ctx: HandlerContext, parentId: number | undefined): Promise<{ agent: Member; subject: Subject }> {
  const agent = await requireAgent(d, ctx);
  const subject = parentId === undefined || parentId === agent.id ? agent : await teamMemberOf(d, agent, parentId);
  return { agent, subject };
}

/** A page of a report (the contract's defaults, typed). */
const paging = (q: { pageNo?: number; pageSize?: number }) => ({
  pageNo: q.pageNo ?? 1,
  pageSize: q.pageSize ?? 20,
});

export const agentRoutes = [
  route(agentAnnouncementList, async (_input, ctx) => {
    const d = await db();
    await requireAgent(d, ctx);
    return { content: await agentAnnouncements(d, ctx.locale) };
  }),

  route(agentProfile, async (_input, ctx) => {
    const d = await db();
    const agent = await requireAgent(d, ctx);
    const { currencySymbol, timeZone } = brand();
    return {
      id: agent.id,
      username: agent.username,
      type: agent.type,
      creatableTypes: creatableTypes(agent.type),
      birthday: birthdayAsked(),
      minimumAge: ageNow().minimum,
      ...(await teamCounts(d, agent)),
      isDemo: agent.isDemo,
      currencySymbol,
      timeZone,
      contractKinds: { daily: kindEnabled('daily'), hourly: kindEnabled('hourly'), realtime: kindEnabled('realtime'), dividend: kindEnabled('dividend') },
    };
  }),

  route(agentTeamMembers, async ({ query }, ctx) => {
    const d = await db();
    const agent = await requireAgent(d, ctx);
    const parent = query.parentId === undefined || query.parentId === agent.id ? agent : await teamMemberOf(d, agent, query.parentId);
    return listTeam(d, agent, parent, query);
  }),

  route(agentRegister, async ({ body }, ctx) => {
    const d = await db();
    const agent = await requireAgent(d, ctx);
    const created = await registerDownline(d, agent, body, ctx);
    return { id: created.id, username: created.username, type: created.type };
  }),

  route(agentOverview, async ({ query }, ctx) => {
    const d = await db();
    const { subject } = await reportSubject(d, ctx, query.parentId);
    return overview(await readDb(), subject, dayRange(query));
  }),

  route(agentBets, async ({ query }, ctx) => {
    const d = await db();
    const { subject } = await reportSubject(d, ctx, query.parentId);
    const r = dayRange(query);
    const memberId = query.username ? (await teamMemberNamed(d, subject, query.username)).id : undefined;
    return teamBets(await readDb(), subject, r, { memberId, category: query.category, vendor: query.vendor }, paging(query));
  }),

  route(agentLoss, async ({ query }, ctx) => {
    const d = await db();
    const { subject } = await reportSubject(d, ctx, query.parentId);
    return userLoss(await readDb(), subject, dayRange(query), query.order, paging(query));
  }),

  route(agentTransactions, async ({ query }, ctx) => {
    const d = await db();
    const { subject } = await reportSubject(d, ctx, query.parentId);
    const r = dayRange(query);
    const memberId = query.username ? (await teamMemberNamed(d, subject, query.username)).id : undefined;
    return teamTransactions(await readDb(), subject, r, query.kind, memberId, paging(query));
  }),

  route(agentIncome, async ({ query }, ctx) => {
    const d = await db();
    const agent = await requireAgent(d, ctx);
    return myIncome(await readDb(), agent, dayRange(query), paging(query));
  }),

  route(agentExport, async ({ query }, ctx) => {
    const d = await db();
    const { agent, subject } = await reportSubject(d, ctx, query.parentId);
    return streamExport(await readDb(), ctx.t, agent, subject, query);
  }),
  ...contractRoutes,
];
