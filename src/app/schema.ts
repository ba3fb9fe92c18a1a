/**
 * The one pg-core schema of the platform, gathered from its owners: each feature keeps its tables
 * in `server/tables.ts`, the kernel and the providers in theirs. drizzle-kit reads this module
 * (drizzle.config.ts), so one migrations folder (./drizzle) describes the whole database, on
 * PGlite and on PostgreSQL alike. Only the owner's code imports a table (the walls check it);
 * this file is for drizzle-kit and for tests that look into the database.
 */
export * from '../kernel/db/tables.ts';
export * from '../providers/outbox/tables.ts';
export * from '../features/accounts/server/tables.ts';
export * from '../features/games/server/tables.ts';
export * from '../features/wallet/server/tables.ts';
export * from '../features/play/server/tables.ts';
export * from '../features/lottery/server/tables.ts';
export * from '../features/content/server/tables.ts';
export * from '../features/points/server/tables.ts';
export * from '../features/promotions/server/tables.ts';
export * from '../features/inbox/server/tables.ts';
export * from '../features/agent/server/tables.ts';
export * from '../features/protection/server/tables.ts';
export * from '../features/console/server/tables.ts';
export * from '../features/support/server/tables.ts';
