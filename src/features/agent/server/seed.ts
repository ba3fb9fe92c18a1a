/**
 * The demo agent's team (demo data, labelled: is_demo, nicknames 'Demo ...'): sub-agents on three
 * levels below `demoagent` and players under each, registered over the last 45 days, with their
 * deposits, game rounds and withdrawals since (wallet's seedMoneyHistory), so that team
 * management, the tree and every report show a team on first start. Usernames start with `dt_`;
 * every one's password is the demo password (Demo1234), hashed once; sub-agents' payee name is
 * 'Demo Agent' (what a login from a new network asks).
 */
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { game } from '../../games/index.ts';
import { seedMoneyHistory } from '../../wallet/index.ts';
import { insertAnnouncements, renderMarkdown } from '../../content/index.ts';
import { createMember, DEMO_ACCOUNTS, findByUsername, member, passwords, PLAYER_TYPE, type Member } from '../../accounts/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { clock } from '../../../kernel/clock.ts';
import { decideOffer, grantContract, offerContract, termsOf } from './contracts.ts';
import { agentContract } from './tables.ts';

/** Sub-agents per agent at each level below the demo agent, and players under every agent. */
const SHAPE = { subAgents: [3, 2, 1], playersPerAgent: 12 } as const;
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
      // Demo sub-agents log in to the back office too: their payee name answers the new-network question.
      ...(type !== 0 ? { payeeName: 'Demo Agent' } : {}),
      withAffiliateCode: type !== 0,
      createdAt: when(),
    });
    if ('clash' in made) throw new Error(`demo team: ${made.clash} clash`);
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

/** The demo team's money since each player registered (its own marker: a team seeded before it gets it too). */
export async function seedDemoTeamHistory(db: Db): Promise<void> {
  const upline = alias(member, 'upline');
  const players = await db
    .select({ id: member.id, username: member.username, createdAt: member.createdAt, uplineId: upline.id, uplineName: upline.username })
    .from(member)
    .leftJoin(upline, eq(upline.id, member.uplineId))
    .where(and(eq(member.isDemo, true), eq(member.type, PLAYER_TYPE), like(member.username, 'dt\\_p%')))
    .orderBy(asc(member.id));
  if (!players.length) return;
  // A few games of each category the catalogue has.
  const games = await db
    .select({ vendor: game.vassalage, nodeId: game.nodeId, name: game.gameName, type: game.gameType })
    .from(game)
    .where(and(eq(game.enabled, true), eq(game.isGame, 'GAME')))
    .orderBy(asc(game.gameType), asc(game.nodeId));
  // Three games of each category, slots counting twice (players mostly spin).
  const seen = new Map<string, number>();
  const sample = games.filter((g) => {
    const n = seen.get(g.type) ?? 0;
    seen.set(g.type, n + 1);
    return n < (g.type === 'RNG' ? 6 : 3);
  });
  await seedMoneyHistory(
    db,
    players.map((m) => ({ id: m.id, username: m.username, since: m.createdAt.getTime(), upline: m.uplineId ? { id: m.uplineId, username: m.uplineName! } : null })),
    sample,
  );
}

/** Two announcements for agents in each language (demo data, labelled), so the back office's announcement page is not empty. */
export async function seedDemoAgentNotices(db: Db): Promise<void> {
  const texts = {
    en: [
      ['Commission statements for November (demo notice)', 'Your **team overview** and **my income** pages show the month so far. Export any report to CSV from its page.'],
      ['Agent support hours (demo notice)', 'Agent support answers Monday to Friday, 12:00 to 21:00 (brand time). Use the customer service page of your back office.'],
    ],
    es: [
      [
        'Estados de comisiones de noviembre (aviso de demostración)',
        'Tus páginas de **resumen del equipo** y **mis ingresos** muestran el mes en curso. Exporta cualquier informe a CSV desde su página.',
      ],
      [
        'Horario de soporte para agentes (aviso de demostración)',
        'El soporte para agentes atiende de lunes a viernes, de 12:00 a 21:00 (hora de la marca). Usa la página de atención al cliente de tu panel.',
      ],
    ],
  } as const;
  await insertAnnouncements(
    db,
    (Object.keys(texts) as (keyof typeof texts)[]).flatMap((locale) =>
      texts[locale].map(([title, markdown], i) => ({
        locale,
        type: 'PL' as const,
        execution: 'A' as const,
        title,
        content: renderMarkdown(markdown),
        audience: 'agents' as const,
        sort: i,
        isDemo: true,
      })),
    ),
  );
}

/**
 * Demo contracts (demo data): the house grants the demo agent a contract of each kind, and the
 * demo agent's first sub-agent holds a daily salary from it; both daily contracts start 14 days
 * back, so that the settlement job pays those days of the demo team's play on first start and
 * the daily wages pages, records and incomes show real settlements. The other kinds start now.
 */
export async function seedDemoContracts(db: Db): Promise<void> {
  const spec = DEMO_ACCOUNTS.find((a) => a.role === 'agent')!;
  const top = await findByUsername(db, spec.username);
  if (!top) return;
  const [sub] = await db
    .select()
    .from(member)
    .where(and(eq(member.uplineId, top.id), eq(member.isDemo, true), eq(member.type, top.type)))
    .orderBy(asc(member.id))
    .limit(1);
  const tier = (minValidBet: number, rate: number, minActive = 0, minLoss = 0) => ({ minValidBet, minActive, minLoss, rate });
  const daily = await grantContract(db, top.id, 'daily', termsOf('daily', { tiers: [tier(0, 1), tier(5_000, 1.5), tier(20_000, 2, 10)], periodicMinBet: 100 }));
  await grantContract(db, top.id, 'hourly', termsOf('hourly', { tiers: [tier(0, 0.5), tier(1_000, 0.8)], periodicMinBet: 0 }));
  await grantContract(db, top.id, 'realtime', termsOf('realtime', { lossRate: 0.6, winRate: 0.3, minSingleBet: 1 }));
  await grantContract(db, top.id, 'dividend', termsOf('dividend', { tiers: [tier(0, 25), tier(0, 35, 0, 1_000)], periodicMinBet: 0, feeRate: 10, period: 'M', carry: true }));
  const started = new Date(clock.now() - 14 * DAY);
  const ids = [daily];
  if (sub) {
    const t = ((key: string) => key) as unknown as Parameters<typeof offerContract>[5];
    const offered = await offerContract(db, top, sub.id, 'daily', { tiers: [tier(0, 0.8), tier(5_000, 1.2), tier(20_000, 1.5, 10)], periodicMinBet: 100 }, t);
    await decideOffer(db, sub, offered, 'daily', 'accept');
    ids.push(offered);
  }
  await db.update(agentContract).set({ offeredAt: started, startedAt: started, decidedAt: started }).where(inArray(agentContract.id, ids));
}
