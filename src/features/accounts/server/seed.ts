/** Demo accounts (a player under an agent), seeded with the demo data and printed at start-up. */
import { AGENT_TYPES, PLAYER_TYPE } from '../contract.ts';
import type { Db } from '../../../kernel/db/index.ts';
import { createMember, findByUsername } from './members.ts';
import { passwords } from './passwords.ts';

/** Demo data: these passwords are public on purpose (README, start-up banner). */
export const DEMO_ACCOUNTS = [
  {
    role: 'agent',
    username: 'demoagent',
    password: 'Demo1234',
    type: AGENT_TYPES[0],
    payeeName: 'Demo Agent',
    email: 'agent@lucky-demo.example',
  },
  {
    role: 'player',
    username: 'demoplayer',
    password: 'Demo1234',
    type: PLAYER_TYPE,
    payeeName: 'Demo Player',
    email: 'player@lucky-demo.example',
    countryDialingCode: '52',
    mobile: '5512345678',
    upline: 'demoagent',
  },
] as const;

/** Creates the demo accounts that do not exist yet. */
export async function seedDemoAccounts(db: Db): Promise<void> {
  for (const a of DEMO_ACCOUNTS) {
    if (await findByUsername(db, a.username)) continue;
    const upline = 'upline' in a ? await findByUsername(db, a.upline) : null;
    await createMember(db, {
      username: a.username,
      type: a.type,
      passwordHash: await passwords.hash(a.password),
      payeeName: a.payeeName,
      email: a.email,
      nickname: a.username,
      countryDialingCode: 'countryDialingCode' in a ? a.countryDialingCode : null,
      mobile: 'mobile' in a ? a.mobile : null,
      uplineId: upline?.id ?? null,
      isDemo: true,
    });
  }
}
