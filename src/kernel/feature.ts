/**
 * What a feature adds to the platform, declared once in its `manifest.ts` and read only by the
 * composition root (src/app/features.ts): its calls and their handlers, its tables, its operator
 * commands, its scheduled jobs and its demo data. The app builds the API, the ops command, the
 * server's jobs, the seed and the schema check from these; a new feature is one folder and one
 * line in the app's feature list. Its pages are declared apart, in `pages.ts` (plain data, read
 * at build time, see src/app/pages.ts).
 */
import type { Consumer, EventType } from './events.ts';
import type { BrandSection } from './brand/sections.ts';
import type { CallDef } from './contract.ts';
import type { Db, DbHandle } from './db/index.ts';
import type { Route } from './http/dispatch.ts';

/** What an operator command answers; `changed` puts it in the audit log. */
export interface OpsAnswer {
  ok: boolean;
  output: string;
  changed?: boolean;
}

export interface OpsInput {
  /** The word after the command's name (`withdrawals approve 12` -> `approve`). */
  verb: string | undefined;
  /** The words after the verb. */
  rest: string[];
  /** Options given as `--name value` or `--name=value`. */
  flags: Record<string, string>;
  /** Who runs it (for the audit log). */
  actor: string;
}

/** One operator command (`npm run ops -- <name> ...`). */
export interface OpsCommand {
  /** The command's first word as typed: `withdrawals`, `user:create`. */
  name: string;
  /** Its lines of the usage text, indented by two spaces. */
  usage: string;
  /** Options that take a value; any other option is refused with the usage. */
  options?: readonly string[];
  /** Options that take no value (`--keep-password`). */
  switches?: readonly string[];
  /** Options whose values never reach the audit log. */
  secretOptions?: readonly string[];
  /**
   * The console roles (issue 29) that may run it from the console's command panel, besides the
   * owner; absent: the command line only (a command with its own console screen, or one that
   * reads the server's files or must not skip the console's two keys).
   */
  consoleRoles?: readonly string[];
  /** Verbs the console refuses even to those roles (they read a file on the server: `rg import`). */
  cliOnlyVerbs?: readonly string[];
  run(db: Db, input: OpsInput): Promise<OpsAnswer>;
}

/**
 * Scheduled work that every server process runs. Jobs must be safe when several processes run
 * them at once (one conditional statement, or an idempotent step), as the settlements are.
 */
export interface Job {
  name: string;
  everyMs: number;
  /** Also once at start-up (work a restart may have left behind). */
  atStart?: boolean;
  run(db: Db, now: number): Promise<unknown>;
}

/**
 * A step of the demo data. Steps that name the same marker run together, once per database (the
 * marker is a `system_setting` written after them); a step without a marker runs at every start
 * and must itself do nothing when done.
 */
export interface SeedStep {
  marker?: string;
  run(handle: DbHandle, options: { size?: number }): Promise<unknown>;
}

export interface FeatureManifest {
  name: string;
  /** Every call of the feature's contract. */
  calls: readonly CallDef[];
  /** One handler per call. */
  routes: readonly Route[];
  /** The feature's tables module (`server/tables.ts`), for the schema check. */
  tables?: Record<string, unknown>;
  ops?: readonly OpsCommand[];
  jobs?: readonly Job[];
  /** The feature's own parts of the brand file (src/kernel/brand/sections.ts), checked at start. */
  settings?: readonly BrandSection[];
  /** The events the feature emits, declared in its contract (src/kernel/event-types.ts). */
  events?: readonly EventType[];
  /**
   * Reactions to events of the outbox (src/kernel/events.ts), run by every server process; or a
   * function of every feature's declared events, for a consumer that hears them by what their
   * declarations say rather than by name (the inbox's messages).
   */
  consumers?: readonly Consumer[] | ((declared: readonly EventType[]) => readonly Consumer[]);
  seed?: readonly SeedStep[];
}
