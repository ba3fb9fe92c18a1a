/**
 * Operator commands of the accounts slice: accounts that cannot register themselves (top-level
 * agents, test players), and the sandbox outboxes.
 */
import { AGENT_TYPES, PLAYER_TYPE, isAgentType } from '../contract.ts';
import { checkValue, isMobileNumber, normaliseDialingCode, validateRegistration } from '../registerPatterns.ts';
import { ageNow, birthdayAsked } from './downline.ts';
import { brand } from '../../../kernel/brand/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { readOutbox } from '../../../providers/outbox/index.ts';
import { createMember, findByUsername, normaliseMobile } from './members.ts';
import { passwords } from './passwords.ts';
import { agentDomainCommand } from './affiliate-domains.ts';
import type { OpsCommand } from '../../../kernel/feature.ts';

export interface OpsAnswer {
  ok: boolean;
  output: string;
  changed?: boolean;
}

export const ACCOUNT_USAGE = `  user:create --type player|agent --username <U> --password <P>
              [--upline <U>] [--agent-type 1|2|41|42] [--mobile <M> --dialing-code <C>]
              [--email <E>] [--payee-name <N>] [--birthday yyyy-MM-dd] [--keep-password]
                                                       create an account; the user must change
                                                       the password at first login unless --keep-password
  agent:domain bind --domain <host> --username <agent>  players registering on that domain join the agent
  agent:domain unbind --domain <host> | list
  sms-outbox [--mobile <M>] [--limit <N>]              sms the sandbox provider "sent", newest first
  email-outbox [--to <address>] [--limit <N>]          e-mails the sandbox provider "sent"`;

/** user:create */
export async function createUserCommand(db: Db, flags: Record<string, string>): Promise<OpsAnswer> {
  const kind = flags.type;
  if (kind !== 'player' && kind !== 'agent') return { ok: false, output: '--type must be player or agent' };
  const username = (flags.username ?? '').trim();
  const password = flags.password ?? '';
  const rules = brand().register;
  if (!username || (rules.username && checkValue('username', username, rules.username))) {
    const r = rules.username;
    return { ok: false, output: `--username must be ${r ? `${r.min}-${r.max} characters, pattern ${r.patternId}` : 'given'}` };
  }
  if (!password || (rules.password && checkValue('password', password, rules.password))) {
    const r = rules.password;
    return { ok: false, output: `--password must be ${r ? `${r.min}-${r.max} characters, pattern ${r.patternId}` : 'given'}` };
  }
  let type: number = PLAYER_TYPE;
  if (kind === 'agent') {
    type = Number(flags['agent-type'] ?? AGENT_TYPES[0]);
    if (!isAgentType(type)) return { ok: false, output: `--agent-type must be one of ${AGENT_TYPES.join(', ')}` };
  }
  let uplineId: number | null = null;
  if (flags.upline) {
    const up = await findByUsername(db, flags.upline);
    if (!up || !isAgentType(up.type)) return { ok: false, output: `No agent named ${flags.upline}` };
    uplineId = up.id;
  }
  let mobile: string | null = null;
  let dialingCode: string | null = null;
  if (flags.mobile) {
    dialingCode = normaliseDialingCode(flags['dialing-code'] ?? brand().accounts.defaultDialingCode);
    if (!dialingCode || !isMobileNumber(flags.mobile)) return { ok: false, output: 'Not a mobile number (digits, with --dialing-code)' };
    mobile = normaliseMobile(flags.mobile);
  }
  // Where the brand asks for a birthday, the operator gives it, and it must show the brand's minimum age.
  const asked = birthdayAsked();
  if (asked === 'required' && !flags.birthday) return { ok: false, output: `--birthday yyyy-MM-dd is required: the brand asks for it (minimum age ${ageNow().minimum})` };
  if (asked !== 'off' && flags.birthday) {
    const issue = validateRegistration(
      { birthday: flags.birthday },
      { birthday: brand().register.birthday! },
      { mode: 'register', smsVerification: false, mobilePassword: false, age: ageNow() },
    ).birthday;
    if (issue) return { ok: false, output: issue.key === 'validation.age' ? `--birthday: under the brand's minimum age of ${ageNow().minimum}` : '--birthday must be a real date, yyyy-MM-dd' };
  }
  const created = await createMember(db, {
    username,
    type,
    passwordHash: await passwords.hash(password),
    mustChangePassword: flags['keep-password'] !== 'true',
    uplineId,
    mobile,
    countryDialingCode: dialingCode,
    email: flags.email ?? null,
    payeeName: flags['payee-name'] ?? null,
    nickname: username,
    profile: asked !== 'off' && flags.birthday ? { birthday: flags.birthday } : {},
  });
  if ('clash' in created) return { ok: false, output: created.clash === 'mobile' ? 'That mobile number is taken' : `The username ${username} is taken` };
  return {
    ok: true,
    changed: true,
    output:
      `Created ${kind} ${created.username} (id ${created.id}, type ${created.type}, affiliate code ${created.affiliateCode})` +
      (created.mustChangePassword ? '; the password must be changed at first login.' : '.'),
  };
}

async function listOutbox(db: Db, channel: 'sms' | 'email', recipient: string | undefined, limitText: string | undefined): Promise<OpsAnswer> {
  const limit = Math.min(Math.max(Number(limitText ?? 20) || 20, 1), 500);
  const rows = await readOutbox(db, channel, { recipient, limit });
  if (!rows.length) return { ok: true, output: `(no ${channel === 'sms' ? 'sms' : 'e-mail'} in the outbox)` };
  return {
    ok: true,
    output: rows.map((r) => `${r.createdAt.toISOString()}  ${r.recipient}  ${r.subject ? `[${r.subject}] ` : ''}${r.body}`).join('\n'),
  };
}

/** sms-outbox [--mobile M]: matches the end of the number, so a national number finds +52... */
export function smsOutboxCommand(db: Db, flags: Record<string, string>): Promise<OpsAnswer> {
  const mobile = flags.mobile ? normaliseMobile(flags.mobile.replace(/^\+/, '')) : undefined;
  return listOutbox(db, 'sms', mobile, flags.limit);
}

/** email-outbox [--to address] */
export function emailOutboxCommand(db: Db, flags: Record<string, string>): Promise<OpsAnswer> {
  return listOutbox(db, 'email', flags.to, flags.limit);
}

/** The accounts' operator commands, as its manifest declares them. */
export const accountCommands: OpsCommand[] = [
  {
    name: 'user:create',
    consoleRoles: ['agents', 'support'],
    usage: ACCOUNT_USAGE.split('\n').slice(0, 5).join('\n'),
    options: ['type', 'username', 'password', 'upline', 'agent-type', 'mobile', 'dialing-code', 'email', 'payee-name', 'birthday'],
    switches: ['keep-password'],
    secretOptions: ['password'],
    run: (db, { flags }) => createUserCommand(db, flags),
  },
  {
    name: 'agent:domain',
    consoleRoles: ['agents'],
    usage: ACCOUNT_USAGE.split('\n').slice(5, 7).join('\n'),
    options: ['domain', 'username'],
    run: (db, { verb, flags }) => agentDomainCommand(db, verb, flags),
  },
  { name: 'sms-outbox', usage: ACCOUNT_USAGE.split('\n')[7]!, options: ['mobile', 'limit'], run: (db, { flags }) => smsOutboxCommand(db, flags) },
  { name: 'email-outbox', usage: ACCOUNT_USAGE.split('\n')[8]!, options: ['to', 'limit'], run: (db, { flags }) => emailOutboxCommand(db, flags) },
];
