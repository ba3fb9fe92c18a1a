/**
 * The demo agent's team (demo data, labelled: is_demo, nicknames 'Demo ...'): sub-agents on three
 * levels below `demoagent` and players under each, registered over the last 45 days, so that
 * team management and the tree show a team on first start. Usernames start with `dt_`; every
 * one's password is the demo password (Demo1234), hashed once.
 */
import { eq } from 'drizzle-orm';
import { createMember, DEMO_ACCOUNTS, findByUsername, member, passwords, type Member } from '../../accounts/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { clock } from '../../../kernel/clock.ts';

/** Sub-agents per agent at each level below the demo agent, and players under every agent. */
const SHAPE = { subAgents: [3, 2, 1], playersPerAgent: 6 } as const;
const DAY = 86_400_000;

export async function seedDemoAgentTeam(db: Db): Promise<void> {
  const spec = DEMO_ACCOUNTS.find((a) => a.role === 'agent')!;
  const top = await findByUsername(db, spec.username);
  if (!top) return;
  if ((await db.select({ id: member.id }).from(member).where(eq(member.uplineId, top.id))).length > 1) return;
  const passwordHash = await passwords.hash(spec.password);
  let n = 0;
  // A deterministic spread of registration times over the last 45 days.
  const when = () => new Date(clock.now() - ((n * 7919) % 45) * DAY - ((n * 104_729) % DAY));
  const make = async (upline: Member, type: number, label: string): Promise<Member> => {
    n++;
    const made = await createMember(db, {
      username: `dt_${label}${n}`,
      type,
      nickname: `Demo ${type === 0 ? 'player' : 'sub-agent'} ${n}`,
      passwordHash,
      uplineId: upline.id,
      isDemo: true,
      withAffiliateCode: type !== 0,
    });
    if ('clash' in made) throw new Error(`demo team: ${made.clash} clash`);
    await db.update(member).set({ createdAt: when() }).where(eq(member.id, made.id));
    return made;
  };
  const grow = async (agent: Member, level: number): Promise<void> => {
    for (let p = 0; p < SHAPE.playersPerAgent; p++) await make(agent, 0, 'p');
    const subs = SHAPE.subAgents[level];
    if (subs === undefined) return;
    for (let s = 0; s < subs; s++) await grow(await make(agent, agent.type, 'a'), level + 1);
  };
  await grow(top, 0);
}
