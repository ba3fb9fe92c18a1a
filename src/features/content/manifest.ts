/** What the content feature adds: help, notices, banners, promotions, mirror sites; the content studio's store and schedule; the demo content. */
import type { FeatureManifest } from '../../kernel/feature.ts';
import { contentCalls } from './contract.ts';
import { contentRoutes } from './server/routes.ts';
import * as tables from './server/tables.ts';
import { seedContent } from './server/seed.ts';
import { contentCommands } from './server/ops.ts';
import { publishDue } from './server/studio.ts';
import { adoptLegacyRows } from './server/adopt.ts';
import { seedDocuments } from './server/transfer.ts';

export const manifest: FeatureManifest = {
  name: 'content',
  calls: contentCalls,
  routes: contentRoutes,
  tables,
  ops: contentCommands,
  jobs: [
    // Scheduled publishes go live within a second of their time, each once (publishDue claims the row).
    { name: 'content.schedule', everyMs: 1_000, atStart: true, run: (db, now) => publishDue(db, new Date(now)) },
    // Notices and banners from before the studio (the seed's, an older install's) become its documents.
    { name: 'content.adopt', everyMs: 3_600_000, atStart: true, run: (db) => adoptLegacyRows(db) },
  ],
  seed: [
    { marker: 'seed.demo', run: (h) => seedContent(h.db) },
    // The help centre and promotions' words, from src/content: once per database (also a database
    // seeded before the studio existed, whose documents were files).
    { marker: 'seed.content.documents', run: (h) => seedDocuments(h.db) },
  ],
};
