/**
 * The operator's side of player protection (issue 28): `rg show|limits|exclude|import` and the
 * significant-event log (`events`). An operator can exclude, never lift or shorten; an identity
 * on an imported self-exclusion register cannot register nor log in; the log is append-only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { login } from '../../../../../tests/support/accounts.ts';
import { walletUser } from '../../../../../tests/support/wallet.ts';
import { runOps } from '../../../../app/ops.ts';
import { rowsOf } from '../../../../kernel/db/rows.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.dispose());

const P = '/wps/member/protection';

describe('the operator', () => {
  it('sees a member state and limits, excludes on request, and cannot shorten an exclusion', async () => {
    const u = await walletUser();
    await u.call(`${P}/limits`, { method: 'POST', body: { kind: 'wager', period: 'week', amount: '250' } });
    const show = await runOps(t.db, ['rg', 'show', u.username], 'test');
    expect(show.ok).toBe(true);
    expect(show.output).toContain(`${u.username} (${u.id}): open`);
    expect(show.output).toMatch(/wager\s+week\s+limit 25000/);

    const far = await runOps(t.db, ['rg', 'exclude', u.username, '--until', '2031-01-01', '--reason', 'regulator request 17'], 'test');
    expect(far.ok, far.output).toBe(true);
    expect((await u.call(P)).status).toBe(401);
    const near = await runOps(t.db, ['rg', 'exclude', u.username, '--until', '2030-01-01', '--reason', 'shorter'], 'test');
    expect(near.ok).toBe(false);
    expect(near.output).toContain('never shortened');
    const refused = await login({ username: u.username, password: u.password });
    expect(refused.json.errorCode).toBe('protection.blocked.excluded');
    expect(refused.json.message).toContain('2030');

    const events = await runOps(t.db, ['events', '--member', u.username], 'test');
    expect(events.output).toContain('block.exclusion');
    expect(events.output).toContain('limit.set');
    expect(events.output).toContain('regulator request 17');
  });

  it('imports a self-exclusion register by hash: its identities can neither register nor log in, and a member it names is excluded at once', async () => {
    const u = await walletUser({ email: `rg-${Date.now()}@example.org` });
    const dir = mkdtempSync(path.join(tmpdir(), 'rg-'));
    const file = path.join(dir, 'register.csv');
    writeFileSync(file, `identifier\n${u.email!.toUpperCase()}\n+52 55 0000 1111\n`);
    const r = await runOps(t.db, ['rg', 'import', file, '--source', 'national register'], 'test');
    // The member already registered under that e-mail is excluded at once: the session they had ends.
    expect(r.output).toBe(`2 identifiers read, 2 new on the register (national register).\n1 member(s) on it excluded now, their sessions ended: ${u.username}`);
    expect((await u.call('/wps/member/info')).status).toBe(401);
    expect((await runOps(t.db, ['rg', 'show', u.username], 'test')).output).toMatch(/operator/);
    // Imported again, nothing new and nobody excluded twice.
    expect((await runOps(t.db, ['rg', 'import', file, '--source', 'national register'], 'test')).output).toBe('2 identifiers read, 0 new on the register (national register).');
    // Only hashes are kept.
    expect(rowsOf(await t.db.execute(sql`select hash from rg_external_exclusion where hash like '%@%'`))).toEqual([]);
    const refused = await login({ username: u.username, password: u.password });
    expect(refused.json.errorCode).toBe('protection.blocked.register');
  });

  it('keeps the log append-only', async () => {
    const u = await walletUser();
    await u.call(`${P}/reality`, { method: 'POST', body: { minutes: 30 } });
    await expect(t.db.execute(sql`update significant_event set kind = 'x' where member_id = ${u.id}`)).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }),
    });
  });
});
