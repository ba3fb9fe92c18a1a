/**
 * The console's operator commands (issue 29): `staff add|list|lock|unlock|reset-2fa`. The first
 * owner is made here, on the server; owners then add the others in the console. A new staff
 * member gets a one-time password, printed once: the first login chooses a new one and sets up
 * the authenticator app.
 */
import type { Db } from '../../../kernel/db/index.ts';
import type { OpsAnswer, OpsCommand } from '../../../kernel/feature.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { getT } from '../../../kernel/i18n/server.ts';
import { STAFF_ROLES, type StaffRole } from '../contract.ts';
import { addStaff, findStaff, listStaff, updateStaff } from './staff.ts';

const STAFF_USAGE = `  staff add USERNAME --role owner|finance|support|risk|content|agents[,...]
                                                       add a staff member of the console; prints a
                                                       one-time password (first login: new password and app)
  staff list                                           staff members, their roles and state
  staff lock|unlock USERNAME                           lock (ends their sessions) or unlock
  staff reset-2fa USERNAME                             forget their app; the next login sets one up`;

async function staffCommand(db: Db, verb: string | undefined, rest: string[], flags: Record<string, string>, actor: string): Promise<OpsAnswer> {
  try {
    if (verb === 'list') {
      const rows = await listStaff(db);
      if (!rows.length) return { ok: true, output: '(no staff yet: staff add USERNAME --role owner)' };
      return { ok: true, output: rows.map((s) => `${s.id}  ${s.username.padEnd(20)} ${s.roles.join(',').padEnd(24)} ${s.status.padEnd(7)} ${s.totpSecret ? 'app on' : 'app not set up'}`).join('\n') };
    }
    const name = rest[0];
    if (!name) return { ok: false, output: STAFF_USAGE };
    if (verb === 'add') {
      const roles = (flags.role ?? '')
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean);
      const unknown = roles.filter((r) => !(STAFF_ROLES as readonly string[]).includes(r));
      if (!roles.length || unknown.length) return { ok: false, output: `--role takes ${STAFF_ROLES.join(', ')} (comma separated)\n${STAFF_USAGE}` };
      const { staff, temporaryPassword } = await addStaff(db, { username: name, roles: roles as StaffRole[], by: actor });
      return {
        ok: true,
        changed: true,
        output: `Staff member ${staff.username} (${staff.roles.join(', ')}) added.\nOne-time password: ${temporaryPassword}\nAt the first login on /console they choose a password and set up an authenticator app.`,
      };
    }
    const s = await findStaff(db, name);
    if (!s) return { ok: false, output: `No staff member ${name}.` };
    if (verb === 'lock' || verb === 'unlock') {
      await updateStaff(db, s.id, { status: verb === 'lock' ? 'locked' : 'active' }, null);
      return { ok: true, changed: true, output: `${s.username} is ${verb === 'lock' ? 'locked; their sessions ended' : 'active'}.` };
    }
    if (verb === 'reset-2fa') {
      await updateStaff(db, s.id, { resetSecondFactor: true }, null);
      return { ok: true, changed: true, output: `${s.username}'s app is forgotten; their sessions ended. The next login sets one up.` };
    }
    return { ok: false, output: STAFF_USAGE };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { ok: false, output: `${getT('en')(`errors:${err.errorCode}`, { ...err.params, defaultValue: err.errorCode })} (${err.errorCode})` };
  }
}

export const consoleCommands: OpsCommand[] = [{ name: 'staff', usage: STAFF_USAGE, options: ['role'], run: (db, i) => staffCommand(db, i.verb, i.rest, i.flags, i.actor) }];
