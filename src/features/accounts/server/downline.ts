/**
 * An agent registers an account under itself (spec 1, 2.15 'register account'): a player, or a
 * sub-agent of the agent's own type. Written down here, where the spec is silent:
 * - an agent may create players (type 0) and agents of its own type only, so that no agent makes
 *   an account of a kind it is not itself (no escalation between agent kinds);
 * - the brand's rules for the username and the password apply, with the registration form's
 *   messages; the password is a first password the agent hands over, so the new account must
 *   change it at its first login (mustChangePassword);
 * - the new account's upline is the agent: its tree path follows (migration 0019's trigger);
 * - where the brand asks for a birthday, the agent gives it, and one under the brand's minimum age
 *   is refused as at the registration form (issue 28).
 */
import type { TFunction } from 'i18next';
import { isAgentType, PLAYER_TYPE } from '../contract.ts';
import { normaliseInput, validateRegistration, type FieldRule } from '../registerPatterns.ts';
import { accountGates } from './gates.ts';
import { clock } from '../../../kernel/clock.ts';
import { dayIn } from '../../../kernel/days.ts';
import { brand } from '../../../kernel/brand/index.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { createMember, findByUsername, type Member } from './members.ts';
import { passwords, sameText } from './passwords.ts';
import { refuseFields } from './register.ts';

export interface DownlineInput {
  username: string;
  password: string;
  confirmPassword: string;
  /** 0 (player) or the agent's own type. */
  type: number;
  nickname?: string;
  /** yyyy-MM-dd, where the brand asks for it. */
  birthday?: string;
}

/** Does the brand ask for a birthday at registration, and must it be given? */
export function birthdayAsked(): 'off' | 'optional' | 'required' {
  const rule = brand().register.birthday;
  return !rule?.enabled ? 'off' : rule.required ? 'required' : 'optional';
}

/** The age check's inputs now: the brand's minimum age and its calendar's today. */
export const ageNow = () => ({ minimum: accountGates().minimumAge(), today: dayIn(clock.now(), brand().timeZone) });

/** The account types an agent of `agentType` may create. */
export const creatableTypes = (agentType: number): number[] => (isAgentType(agentType) ? [PLAYER_TYPE, agentType] : []);

/** Creates a player or sub-agent under `agent`; refuses with field errors in the caller's language. */
export async function registerDownline(db: Db, agent: Member, input: DownlineInput, ctx: { ip: string; t: TFunction }): Promise<Member> {
  if (!creatableTypes(agent.type).includes(input.type)) throw new ApiError(403, 'agent.type.forbidden');
  const fields = normaliseInput({ username: input.username, password: input.password, confirmPassword: input.confirmPassword, birthday: input.birthday });
  const all = brand().register;
  const rules: Record<string, FieldRule> = Object.fromEntries(
    (['username', 'password', 'confirmPassword'] as const).map((k) => [k, { ...(all[k] ?? { acceptedPattern: '*', patternId: 0, min: 1, max: 64 }), enabled: true, required: true }]),
  );
  if (all.birthday?.enabled) rules.birthday = all.birthday;
  const issues = validateRegistration(fields, rules, { mode: 'register', smsVerification: false, mobilePassword: false, age: ageNow() });
  if (!issues.password && fields.password && sameText(fields.password, brand().accounts.weakDefaultPassword)) issues.password = { key: 'validation.passwordFormat' };
  refuseFields(issues, ctx.t);
  const username = fields.username!;
  if (await findByUsername(db, username)) throw new ApiError(409, 'register.username.taken');
  const created = await createMember(db, {
    username,
    type: input.type,
    nickname: input.nickname?.trim() || null,
    passwordHash: await passwords.hash(fields.password!),
    uplineId: agent.id,
    mustChangePassword: true,
    registerIp: ctx.ip,
    isDemo: agent.isDemo,
    profile: rules.birthday && fields.birthday ? { birthday: fields.birthday } : {},
  });
  if ('clash' in created) throw new ApiError(409, 'register.username.taken');
  return created;
}
