/**
 * The console's agents screen (issue 29, agent managers), on both databases: a grant from the
 * house (refused for a member who is not an agent, and for terms without a rate, under their
 * fields), the contracts list, an end (once), a period's dry run and run (a period still open is
 * refused under its field; a rerun settles nothing twice), the audit log and the roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { staffUser } from '../../../../../tests/support/staff.ts';
import { walletUser } from '../../../../../tests/support/wallet.ts';
import { opsAudit } from '../../../../kernel/db/tables.ts';

let t: TestDb;
type Staff = Awaited<ReturnType<typeof staffUser>>;
let manager: Staff, support: Staff;
beforeAll(async () => {
  t = await openTestDb();
  [manager, support] = await Promise.all([staffUser(['agents']), staffUser(['support'])]);
});
afterAll(() => t.dispose());

const lastAudit = async (command: string) => (await t.db.select().from(opsAudit).where(eq(opsAudit.command, command)).orderBy(desc(opsAudit.id)).limit(1))[0];
const post = (path: string, body: unknown, language = 'en') => manager.call(path, { method: 'POST', body, headers: { language } });

describe('agent contracts', () => {
  it('are granted from the house, listed and ended once; refusals name their field', async () => {
    const agent = await walletUser({ type: 1 });
    const player = await walletUser();

    const notAgent = await post('/wps/console/agents/contracts/grant', { agent: player.username, kind: 'daily', terms: { tiers: [{ rate: 1 }] } }, 'es');
    expect([notAgent.status, notAgent.json.errorCode]).toEqual([400, 'agent.operator.notAgent']);
    expect(notAgent.json.fieldErrors.agent).toMatch(/no es una cuenta de agente/);
    const noRate = await post('/wps/console/agents/contracts/grant', { agent: agent.username, kind: 'daily', terms: { tiers: [{ minValidBet: 10 }] } });
    expect(noRate.json.fieldErrors['terms.tiers.0.rate']).toBeTruthy();
    const noRates = await post('/wps/console/agents/contracts/grant', { agent: agent.username, kind: 'realtime', terms: {} });
    expect(Object.keys(noRates.json.fieldErrors).sort()).toEqual(['terms.lossRate', 'terms.winRate']);

    const granted = await post('/wps/console/agents/contracts/grant', {
      agent: agent.username,
      kind: 'daily',
      terms: {
        tiers: [
          { minValidBet: 0, rate: 1.5 },
          { minValidBet: 1000, rate: 2.25 },
        ],
      },
    });
    expect(granted.status).toBe(200);
    const id = granted.json.value.id as number;
    const list = (await manager.call('/wps/console/agents/contracts', { query: { agent: agent.username } })).json.value;
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      id,
      kind: 'daily',
      status: 'active',
      upline: null,
      agent: agent.username,
      rate: 2.25,
      terms: {
        tiers: [
          { minValidBet: 0, rate: 1.5 },
          { minValidBet: 1000, rate: 2.25 },
        ],
      },
    });
    expect(await lastAudit('contract grant')).toMatchObject({ actor: `staff:${manager.username}`, args: { agent: agent.username, kind: 'daily' }, after: { id } });

    const ended = await Promise.all([post('/wps/console/agents/contracts/end', { id }), post('/wps/console/agents/contracts/end', { id })]);
    expect(ended.map((r) => r.status).sort()).toEqual([200, 404]);
    expect(ended.find((r) => r.status === 404)!.json.errorCode).toBe('console.contract.notActive');
    const after = (await manager.call('/wps/console/agents/contracts', { query: { agent: agent.username, status: 'ended' } })).json.value.items;
    expect(after[0]).toMatchObject({ id, status: 'ended', endReason: 'operator' });
    const csv = await manager.call('/wps/console/export', { query: { table: 'contracts', agent: agent.username } });
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(agent.username);
    expect(lines[1]).toContain('2.25');
  });
});

describe('settlements', () => {
  it('lists settled periods, dry-runs and runs a closed one once; an open period is refused', async () => {
    const open = await post('/wps/console/agents/settle', { stream: 'daily', at: Date.now(), dryRun: true });
    expect([open.status, open.json.errorCode]).toEqual([400, 'agent.operator.open']);
    expect(open.json.fieldErrors.at).toMatch(/has not closed/);
    const unknown = await post('/wps/console/agents/settle', { stream: 'weekly', at: Date.now() - 86_400_000 * 9, dryRun: true });
    expect(unknown.json.fieldErrors.stream).toBeTruthy();

    // A week ago: long closed.
    const at = Date.now() - 7 * 86_400_000;
    const dry = (await post('/wps/console/agents/settle', { stream: 'daily', at, dryRun: true })).json.value;
    expect(dry).toMatchObject({ period: expect.any(String), outcome: null, corrections: null });
    expect(Array.isArray(dry.lines)).toBe(true);
    const run = (await post('/wps/console/agents/settle', { stream: 'daily', at, dryRun: false })).json.value;
    expect(['settled', 'empty', 'already']).toContain(run.outcome);
    expect(run.period).toBe(dry.period);
    const again = (await post('/wps/console/agents/settle', { stream: 'daily', at, dryRun: false })).json.value;
    expect(again).toMatchObject({ outcome: 'already', corrections: 0 });
    expect(await lastAudit('settle run')).toMatchObject({ actor: `staff:${manager.username}`, after: { outcome: 'already', corrections: 0 } });

    const listed = (await manager.call('/wps/console/agents/settlements', { query: { stream: 'daily' } })).json.value;
    expect(listed.streams).toContain('dividend:M');
    expect(listed.items.length).toBeGreaterThan(0);
    expect(listed.items[0]).toMatchObject({ lines: expect.any(Number), paid: expect.any(String), corrections: expect.any(Number) });
  });

  it('is for agent managers only', async () => {
    expect((await support.call('/wps/console/agents/contracts')).json.errorCode).toBe('console.role.denied');
    expect((await support.call('/wps/console/agents/settle', { method: 'POST', body: { stream: 'daily', at: 1, dryRun: true } })).json.errorCode).toBe('console.role.denied');
  });
});
