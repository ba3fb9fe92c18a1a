/** What the accounts feature adds: logins, registration, sessions, passwords, sms codes; operator accounts and outboxes; the demo accounts. */
import type { FeatureManifest } from '../../kernel/feature.ts';
import { accountCalls } from './contract.ts';
import { accountRoutes } from './server/routes.ts';
import * as tables from './server/tables.ts';
import { accountCommands } from './server/ops.ts';
import { seedDemoAccounts } from './server/seed.ts';
import { scrubOutboxSecrets } from '../../providers/outbox/index.ts';

export const manifest: FeatureManifest = {
  name: 'accounts',
  calls: accountCalls,
  routes: accountRoutes,
  tables,
  ops: accountCommands,
  // The sandbox outbox keeps an sms code or temporary password only while it can be used (every
  // write scrubs too; this catches quiet hours). One conditional UPDATE, safe on several processes.
  jobs: [{ name: 'outbox.scrub', everyMs: 60_000, atStart: true, run: (db, now) => scrubOutboxSecrets(db, now).then(() => undefined) }],
  // Demo accounts came later than the first demo data: their own marker seeds them into older databases too.
  seed: [{ marker: 'seed.demo.accounts', run: (h) => seedDemoAccounts(h.db) }],
};
