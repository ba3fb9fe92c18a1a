/** The agent back office's handlers (contract: src/features/agent/contract.ts). */
import { agentProfile, agentRegister, agentTeamMembers } from '../contract.ts';
import { creatableTypes, registerDownline } from '../../accounts/index.ts';
import { db } from '../../../kernel/db/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { route } from '../../../kernel/http/dispatch.ts';
import { listTeam, requireAgent, teamCounts, teamMemberOf } from './team.ts';

export const agentRoutes = [
  route(agentProfile, async (_input, ctx) => {
    const d = await db();
    const agent = await requireAgent(d, ctx);
    const { currencySymbol, timeZone } = brand();
    return { id: agent.id, username: agent.username, type: agent.type, creatableTypes: creatableTypes(agent.type), ...(await teamCounts(d, agent)), currencySymbol, timeZone };
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
];
