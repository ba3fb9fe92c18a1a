/**
 * The demo owner of the console (demo data, public password, printed by `npm start` beside the
 * demo accounts): its first login sets up the authenticator app, as every staff member's does.
 */
import type { Db } from '../../../kernel/db/index.ts';
import { addStaff, findStaff } from './staff.ts';

export const DEMO_STAFF = [{ role: 'owner', username: 'demoowner', password: 'DemoOwner1234' }] as const;

export async function seedDemoStaff(db: Db): Promise<void> {
  for (const s of DEMO_STAFF) {
    if (await findStaff(db, s.username)) continue;
    await addStaff(db, { username: s.username, roles: [s.role], by: 'demo-seed', password: s.password });
  }
}
