/**
 * Staff accounts and their sessions (issue 29). Staff are not members: their own table, their own
 * sessions (a cookie only the console's calls read), a required authenticator app, and a shorter
 * idle expiry (the brand's `console.idleMinutes`, 15 by default).
 *
 * Login: the password, checked with the members' hashing (scrypt at OWASP's figures) and the same
 * limits (failures counted per account and per address before the check, so that a burst sees
 * them; the same work for an unknown name), then a code of the app or a recovery code, counted
 * too. A staff member without an app (the first login, or after an owner reset it) sets it up in
 * the same call: the answer `setup` holds a secret to scan, and the next try with a code of it
 * turns it on, answers ten recovery codes and (for a password someone else gave) takes the new
 * password. Only then does a session open.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { passwords } from '../../accounts/index.ts';
import { brand } from '../../../kernel/brand/index.ts';
import { clock } from '../../../kernel/clock.ts';
import { recordAudit } from '../../../kernel/db/audit.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { LIMITS, attempt, minutesLeft, type BucketState } from '../../../kernel/rate-limit.ts';
import { looksLikeRecoveryCode, newTotpSecret, openSecret, recoveryCode, recoveryHash, sealSecret, totpSetup, totpStep } from '../../../kernel/totp.ts';
import { formatMinor, parseMinor } from '../../../kernel/money.ts';
import type { ConsoleMe, ConsoleStaffRow, StaffRole } from '../contract.ts';
import { consoleSettings } from './settings.ts';
import { staff, staffRecoveryCode, staffSession } from './tables.ts';

export type Staff = typeof staff.$inferSelect;

/** What console handlers get in ctx.session. */
export interface StaffSession {
  sessionId: number;
  staffId: number;
  username: string;
  roles: StaffRole[];
}

const RECOVERY_CODES = 10;
/** A session's expiry is pushed forward at most this often, to spare a write on every call. */
const TOUCH_EVERY_MS = 30_000;

const idleMs = () => consoleSettings().idleMinutes * 60_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A one-time password for a new staff member: 16 characters of base64url (96 bits). */
const temporaryPassword = () => randomBytes(12).toString('base64url');

export function staffView(s: Staff): ConsoleStaffRow {
  return {
    id: s.id,
    username: s.username,
    roles: s.roles as StaffRole[],
    status: s.status as 'active' | 'locked',
    secondFactor: s.totpSecret !== null,
    createdAt: s.createdAt.getTime(),
    createdBy: s.createdBy,
    lastLoginAt: s.lastLoginAt?.getTime() ?? null,
  };
}

export function meOf(s: Pick<Staff, 'id' | 'username' | 'roles'>): ConsoleMe {
  const b = brand();
  const { twoKeysWithdrawalAbove: above, twoKeysAdjustmentAbove: adjustAbove } = consoleSettings();
  return {
    id: s.id,
    username: s.username,
    roles: s.roles as StaffRole[],
    idleMinutes: consoleSettings().idleMinutes,
    twoKeysWithdrawalAbove: above === null ? null : formatMinor(parseMinor(String(above), b.currencyDecimals) ?? 0n, b.currencyDecimals),
    twoKeysAdjustmentAbove: adjustAbove === null ? null : formatMinor(parseMinor(String(adjustAbove), b.currencyDecimals) ?? 0n, b.currencyDecimals),
    currencySymbol: b.currencySymbol,
  };
}

export async function findStaff(db: Db, username: string): Promise<Staff | null> {
  const [s] = await db.select().from(staff).where(eq(staff.username, username.trim().toLowerCase())).limit(1);
  return s ?? null;
}

/**
 * Adds a staff member with a one-time password (answered once, to hand over): the first login
 * changes it and sets up the app. `password` (the demo owner's, a test's) skips the forced change.
 */
export async function addStaff(db: Db, input: { username: string; roles: StaffRole[]; by: string; password?: string }): Promise<{ staff: Staff; temporaryPassword: string }> {
  const username = input.username.trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9._-]{2,31}$/.test(username)) throw new ApiError(400, 'console.staff.username');
  const roles = [...new Set(input.roles)];
  if (!roles.length) throw new ApiError(400, 'console.staff.roles');
  const password = input.password ?? temporaryPassword();
  const [row] = await db
    .insert(staff)
    .values({ username, roles, passwordHash: await passwords.hash(password), mustChangePassword: input.password === undefined, createdBy: input.by })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ApiError(409, 'console.staff.taken');
  return { staff: row, temporaryPassword: password };
}

export async function listStaff(db: Db): Promise<Staff[]> {
  return db.select().from(staff).orderBy(asc(staff.id));
}

/** Changes roles or status, or resets the app; a lock or a reset ends the staff member's sessions. */
export async function updateStaff(
  db: Db,
  id: number,
  change: { roles?: StaffRole[]; status?: 'active' | 'locked'; resetSecondFactor?: boolean },
  byStaffId: number | null,
): Promise<{ before: Staff; after: Staff }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
    if (!before) throw new ApiError(404, 'console.staff.unknown');
    // An owner cannot lock themselves out, or take away their own owner role.
    if (byStaffId === id && (change.status === 'locked' || (change.roles && !change.roles.includes('owner')))) throw new ApiError(409, 'console.staff.self');
    const set: Partial<typeof staff.$inferInsert> = {};
    if (change.roles) set.roles = [...new Set(change.roles)];
    if (change.status) set.status = change.status;
    if (change.resetSecondFactor) Object.assign(set, { totpSecret: null, totpPendingSecret: null, totpLastStep: 0 });
    const [after] = Object.keys(set).length ? await tx.update(staff).set(set).where(eq(staff.id, id)).returning() : [before];
    if (change.resetSecondFactor) await tx.delete(staffRecoveryCode).where(eq(staffRecoveryCode.staffId, id));
    if (change.status === 'locked' || change.resetSecondFactor) await revokeStaffSessions(tx as unknown as Db, id);
    return { before, after: after! };
  });
}

/** Ends every live session of a staff member. */
export async function revokeStaffSessions(db: Db, staffId: number): Promise<void> {
  await db
    .update(staffSession)
    .set({ revokedAt: new Date(clock.now()) })
    .where(and(eq(staffSession.staffId, staffId), isNull(staffSession.revokedAt)));
}

/** The live staff session of a cookie's token, sliding its expiry; null when unknown, idle, ended or the staff member is locked. */
export async function resolveStaffSession(db: Db, token: string, o: { slide?: boolean } = {}): Promise<StaffSession | null> {
  if (token.length < 20 || token.length > 100) return null;
  const now = clock.now();
  const [row] = await db
    .select({ sessionId: staffSession.id, staffId: staff.id, username: staff.username, roles: staff.roles, status: staff.status, lastSeenAt: staffSession.lastSeenAt })
    .from(staffSession)
    .innerJoin(staff, eq(staff.id, staffSession.staffId))
    .where(and(eq(staffSession.tokenHash, hashToken(token)), isNull(staffSession.revokedAt), gt(staffSession.expiresAt, new Date(now))));
  if (!row || row.status !== 'active') return null;
  if (o.slide !== false && now - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db
      .update(staffSession)
      .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + idleMs()) })
      .where(eq(staffSession.id, row.sessionId));
  }
  return { sessionId: row.sessionId, staffId: row.staffId, username: row.username, roles: row.roles as StaffRole[] };
}

export async function endStaffSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(staffSession)
    .set({ revokedAt: new Date(clock.now()) })
    .where(and(eq(staffSession.id, sessionId), isNull(staffSession.revokedAt)));
}

async function openStaffSession(db: Db, s: Staff, ip: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await db.insert(staffSession).values({ tokenHash: hashToken(token), staffId: s.id, ip, createdAt: new Date(now), lastSeenAt: new Date(now), expiresAt: new Date(now + idleMs()) });
  await db
    .update(staff)
    .set({ lastLoginAt: new Date(now), lastLoginIp: ip })
    .where(eq(staff.id, s.id));
  return token;
}

/** Refuses a locked account or address (the try was not checked, so it does not count). */
async function refuseIfLocked(acct: BucketState, ip: BucketState, tried: { release(): Promise<void> }): Promise<void> {
  const locked = acct.count >= LIMITS.accountFailures ? acct : ip.count >= LIMITS.ipFailures ? ip : null;
  if (!locked) return;
  await tried.release();
  throw new ApiError(429, 'login.locked', { minutes: minutesLeft(locked) });
}

/** A code of the staff member's app (each 30-second step once) or one of their recovery codes (each once). */
async function checkCode(db: Db, s: Staff, code: string): Promise<boolean> {
  if (!s.totpSecret) return false;
  if (/^\d{6}$/.test(code)) {
    const secret = await openSecret(db, s.totpSecret);
    const step = secret === null ? null : totpStep(s.username, secret, code);
    if (step === null) return false;
    const used = await db
      .update(staff)
      .set({ totpLastStep: step })
      .where(and(eq(staff.id, s.id), lt(staff.totpLastStep, step)))
      .returning({ id: staff.id });
    return used.length === 1;
  }
  if (!looksLikeRecoveryCode(code)) return false;
  const used = await db
    .update(staffRecoveryCode)
    .set({ usedAt: new Date(clock.now()) })
    .where(and(eq(staffRecoveryCode.staffId, s.id), eq(staffRecoveryCode.codeHash, recoveryHash(code)), isNull(staffRecoveryCode.usedAt)))
    .returning({ id: staffRecoveryCode.staffId });
  return used.length === 1;
}

/** Turns the pending app on with a code of it; answers the recovery codes, or null for a wrong code. */
async function confirmSetup(db: Db, s: Staff, code: string, newPassword: string | undefined): Promise<string[] | null> {
  if (!s.totpPendingSecret || s.totpSecret) return null;
  const secret = await openSecret(db, s.totpPendingSecret);
  const step = secret === null ? null : totpStep(s.username, secret, code);
  if (step === null) return null;
  const set: Partial<typeof staff.$inferInsert> = { totpSecret: s.totpPendingSecret, totpPendingSecret: null, totpLastStep: step };
  if (newPassword !== undefined) Object.assign(set, { passwordHash: await passwords.hash(newPassword), mustChangePassword: false });
  // Only this pending secret, only while no app is on: two confirmations at once turn it on once.
  const on = await db
    .update(staff)
    .set(set)
    .where(and(eq(staff.id, s.id), isNull(staff.totpSecret), eq(staff.totpPendingSecret, s.totpPendingSecret)))
    .returning({ id: staff.id });
  if (!on.length) return null;
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  await db.delete(staffRecoveryCode).where(eq(staffRecoveryCode.staffId, s.id));
  await db.insert(staffRecoveryCode).values(codes.map((c) => ({ staffId: s.id, codeHash: recoveryHash(c) })));
  return codes;
}

/** The pending secret of a first login (kept while it is not confirmed, so a reload shows the same code to scan). */
async function pendingSecret(db: Db, s: Staff): Promise<string> {
  if (s.totpPendingSecret) {
    const open = await openSecret(db, s.totpPendingSecret);
    if (open) return open;
  }
  const secret = newTotpSecret();
  await db
    .update(staff)
    .set({ totpPendingSecret: await sealSecret(db, secret) })
    .where(and(eq(staff.id, s.id), isNull(staff.totpSecret)));
  return secret;
}

export type LoginAnswer =
  { stage: 'code' } | { stage: 'setup'; secret: string; uri: string; qrSvg: string; mustChangePassword: boolean } | { stage: 'done'; me: ConsoleMe; recoveryCodes: string[] | null; token: string };

/** POST /wps/console/session/login (see the module's note). */
export async function staffLogin(db: Db, body: { username: string; password: string; code?: string; newPassword?: string }, ip: string): Promise<LoginAnswer> {
  const name = body.username.trim().toLowerCase();
  const acctKey = `console:acct:${name}`;
  const ipKey = `console:ip:${ip}`;
  const tried = await attempt(db, [acctKey, ipKey], LIMITS.loginWindowMs);
  const [acct, byIp] = tried.before as [BucketState, BucketState];
  await refuseIfLocked(acct, byIp, tried);
  const s = await findStaff(db, name);
  const ok = await passwords.verify(body.password, s ? s.passwordHash : await passwords.dummyHash());
  if (!s || !ok) {
    if (s) await recordAudit(db, { actor: `staff:${s.username}`, command: 'login.failed', args: {}, ip });
    throw new ApiError(400, 'console.login.failed');
  }
  if (s.status !== 'active') throw new ApiError(403, 'console.login.locked');
  const code = body.code?.trim() ?? '';
  let recoveryCodes: string[] | null = null;
  if (!s.totpSecret) {
    if (!code) {
      await tried.release();
      const secret = await pendingSecret(db, s);
      return { stage: 'setup', ...totpSetup(s.username, secret), mustChangePassword: s.mustChangePassword };
    }
    if (s.mustChangePassword && !body.newPassword) {
      await tried.release();
      throw new ApiError(400, 'console.password.required');
    }
    if (body.newPassword !== undefined && body.newPassword === body.password) throw new ApiError(400, 'console.password.same');
    recoveryCodes = await confirmSetup(db, s, code, s.mustChangePassword ? body.newPassword : undefined);
    if (!recoveryCodes) throw new ApiError(400, 'console.code.invalid');
  } else {
    if (!code) {
      // The right password, the code still to come: this try does not count.
      await tried.release();
      return { stage: 'code' };
    }
    if (!(await checkCode(db, s, code))) {
      await recordAudit(db, { actor: `staff:${s.username}`, command: 'login.code.failed', args: {}, ip });
      throw new ApiError(400, 'console.code.invalid');
    }
  }
  await tried.release();
  const token = await openStaffSession(db, s, ip);
  await recordAudit(db, { actor: `staff:${s.username}`, command: 'login', args: {}, ip });
  return { stage: 'done', me: meOf(s), recoveryCodes, token };
}

/** How many staff members there are (the ops command's first owner). */
export async function staffCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staff);
  return Number(row?.n ?? 0);
}

/** Forgets sessions that ended more than 30 days ago (a daily job; nothing reads them after). */
export async function pruneStaffSessions(db: Db): Promise<void> {
  await db.delete(staffSession).where(sql`${staffSession.expiresAt} < now() - interval '30 days'`);
}
