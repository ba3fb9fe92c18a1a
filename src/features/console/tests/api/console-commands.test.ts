/**
 * The console's command panel (issue 29), on both databases: each role lists and runs only the
 * operator commands that declare it (the owner all of them), through the same function as
 * `npm run ops`, audited with the staff member and the address; a verb that reads the server's
 * files stays on the command line; the commands with their own screens (withdrawals, staff) or
 * adjustments with their two keys (adjust) are not in the panel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { staffUser } from '../../../../../tests/support/staff.ts';
import { COMMANDS } from '../../../../app/ops.ts';
import { STAFF_ROLES } from '../../contract.ts';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t.dispose();
});

const run = (s: Awaited<ReturnType<typeof staffUser>>, ...argv: string[]) => s.call('/wps/console/commands/run', { method: 'POST', body: { argv } });

describe('the command panel', () => {
  it('lists to each role the commands that declare it, and runs none other', async () => {
    for (const role of STAFF_ROLES) {
      const s = await staffUser([role]);
      const listed = (await s.call('/wps/console/commands')).json.value.items.map((c: { name: string }) => c.name).sort();
      const declared = [...COMMANDS.values()]
        .filter((c) => c.consoleRoles && (role === 'owner' || c.consoleRoles.includes(role)))
        .map((c) => c.name)
        .sort();
      expect(listed, role).toEqual(declared);
      for (const c of COMMANDS.values()) {
        if (listed.includes(c.name)) continue;
        const r = await run(s, c.name, 'list');
        expect([r.status, r.json.errorCode], `${role} runs ${c.name}`).toEqual([403, 'console.role.denied']);
      }
    }
    const owner = (await (await staffUser(['owner'])).call('/wps/console/commands')).json.value.items.map((c: { name: string }) => c.name);
    for (const cliOnly of ['withdrawals', 'adjust', 'staff', 'rounds:sweep', 'sms-outbox']) expect(owner).not.toContain(cliOnly);
  });

  it('runs a command as the command line does, audited with the staff member and the address', async () => {
    const risk = await staffUser(['risk']);
    const on = await run(risk, 'maintenance', 'on', '--notice', 'Back soon');
    expect(on.json.value.ok).toBe(true);
    expect((await run(risk, 'maintenance', 'status')).json.value.output).toMatch(/Back soon|on/i);
    const off = await run(risk, 'maintenance', 'off');
    expect(off.json.value.ok).toBe(true);
    const log = (await risk.call('/wps/console/audit', { query: { actor: risk.username, command: 'maintenance' } })).json.value.items;
    expect(log.map((l: { command: string }) => l.command)).toEqual(['maintenance off', 'maintenance on']);
    expect(log[1]).toMatchObject({ actor: `staff:${risk.username}`, ip: '127.0.0.1', args: { flags: { notice: 'Back soon' } } });
  });

  it("keeps the verbs that read the server's files on the command line, and says so of an unknown command", async () => {
    const risk = await staffUser(['risk']);
    const r = await run(risk, 'rg', 'import', '/etc/passwd', '--source', 'x');
    expect([r.status, r.json.errorCode]).toEqual([403, 'console.command.cliOnly']);
    expect((await run(risk, 'no-such-thing')).json.errorCode).toBe('console.command.unknown');
    // A command's own refusal is its answer, not an error of the call.
    const bad = await run(risk, 'rg', 'show', 'nobody-at-all');
    expect(bad.json.value).toEqual({ ok: false, output: 'No member nobody-at-all.' });
  });
});
