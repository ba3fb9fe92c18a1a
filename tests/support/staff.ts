/** Helpers for console tests: staff members logged in through the real login (password, app set-up, code). */
import { db } from '../../src/kernel/db/index.ts';
import { currentCode } from '../../src/kernel/totp.ts';
import { addStaff } from '../../src/features/console/server/staff.ts';
import type { StaffRole } from '../../src/features/console/contract.ts';
import { callApi, type CallOptions } from './api.ts';

let n = 0;
const PASSWORD = 'Staff-Password-1';

/** The console cookie a login answer set (`console_session=...`), or null. */
export function consoleCookie(headers: Headers): string | null {
  const set = headers.getSetCookie().find((c) => c.startsWith('console_session='));
  return set ? set.split(';')[0]! : null;
}

/**
 * A staff member with `roles`, logged in: the first login answers the app's set-up, the second
 * (with a code of it) turns it on and opens the session. `call` sends the session's cookie.
 */
export async function staffUser(roles: StaffRole[], o: { ip?: string } = {}) {
  const username = `staff${process.pid}x${++n}`;
  const { staff } = await addStaff(await db(), { username, roles, by: 'test', password: PASSWORD });
  const login = (body: Record<string, unknown>) => callApi('/wps/console/session/login', { method: 'POST', body: { username, password: PASSWORD, ...body }, ip: o.ip });
  const setup = await login({});
  if (setup.json?.value?.stage !== 'setup') throw new Error(`expected the app's set-up, got ${setup.text}`);
  const secret: string = setup.json.value.secret;
  const done = await login({ code: currentCode(username, secret) });
  const cookie = consoleCookie(done.headers);
  if (!cookie) throw new Error(`no session cookie: ${done.text}`);
  const call = (path: string, c: CallOptions = {}) => callApi(path, { ...c, ip: c.ip ?? o.ip, headers: { ...c.headers, cookie } });
  return { id: staff.id, username, password: PASSWORD, secret, cookie, recoveryCodes: done.json.value.recoveryCodes as string[], login, call };
}
