/**
 * Process settings, read once from the environment. Everything an operator can set at start-up
 * is here, with its default, so that README and code cannot disagree.
 */
import path from 'node:path';
import { isIP } from 'node:net';
import { z } from 'zod';

/** An IP address, or a CIDR range with its prefix length in bounds (10.0.0.0/8, 2001:db8::/32). */
export function isAddressOrCidr(text: string): boolean {
  const [address = '', bits, ...rest] = text.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().default('127.0.0.1'),
  /**
   * The site's public address: canonical links, hreflang, the sitemap and robots.txt (read at run
   * time: unset, the request's own address is used), and where partners call back (unset: the
   * listening address; never a request's Host).
   */
  SITE_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** Where each process LISTENs for its notifications (one connection each): a direct one when DATABASE_URL goes through PgBouncer's transaction pooling; unset: DATABASE_URL. */
  DATABASE_LISTEN_URL: z.string().optional(),
  /** A read-only PostgreSQL (a replica) that reports and dashboards may read from; unset: DATABASE_URL. */
  DATABASE_READ_URL: z.string().optional(),
  /** Connections each process may open to PostgreSQL (and as many again to DATABASE_READ_URL). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(20),
  /** Server processes on this machine (`auto`: one per core). More than one needs DATABASE_URL: PGlite is one process. */
  WORKERS: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(256)]).default(1),
  /** A graceful stop (SIGTERM) waits this long for requests in flight, then closes what is left. */
  STOP_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(20),
  /** /metrics: a bearer token that may read them from anywhere; and the addresses that may without one (comma-separated, CIDR allowed). */
  METRICS_TOKEN: z.string().min(16).optional(),
  METRICS_ALLOW: z
    .string()
    .default('127.0.0.1,::1')
    .refine((v) => v.split(',').every((a) => !a.trim() || isAddressOrCidr(a.trim())), 'a comma-separated list of IP addresses or CIDR ranges (127.0.0.1,10.0.0.0/8,::1)'),
  SEED: z.enum(['demo', 'none']).default('demo'),
  BRAND: z.string().default('demo'),
  /** Key for the authenticator-app secrets at rest (default: one made per database). */
  TOTP_KEY: z.string().min(16).optional(),
  /** Folder of brand files (default: ./brands). */
  BRANDS_DIR: z.string().optional(),
  /** Trust X-Forwarded-For from a reverse proxy (only when one is in front). */
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** sandbox keeps sent sms in the outbox (`npm run ops -- sms-outbox`); http POSTs to SMS_HTTP_URL. */
  SMS_PROVIDER: z.enum(['sandbox', 'http']).default('sandbox'),
  SMS_HTTP_URL: z.url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  /** Overrides the brand's proof-of-work difficulty (bits). */
  POW_DIFFICULTY: z.coerce.number().int().min(0).max(32).optional(),
  /** log2 of scrypt's N for new password hashes; 17 is OWASP's figure. Lower only in tests. */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
  /** sandbox: deposits are paid on our own page (/pay/sandbox) and payouts succeed at once; http: a real gateway. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'http']).default('sandbox'),
  /** Secret that signs the sandbox's callbacks; when unset, one is made once per database (system_setting). */
  PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
  /** Where payment callbacks go: the sandbox's (default: this server's own address) and a gateway's (default: SITE_URL). */
  PAYMENT_CALLBACK_ORIGIN: z.url().optional(),
  /** The gateway for PAYMENT_PROVIDER=http: base URL, bearer token, and the secret its callbacks are signed with. */
  PAYMENT_HTTP_URL: z.url().optional(),
  PAYMENT_HTTP_TOKEN: z.string().optional(),
  PAYMENT_HTTP_SECRET: z.string().min(16).optional(),
  /** sandbox plays every game here; http sends every vendor to the game gateway (GAME_HTTP_VENDORS=PG,PP: only those). Read per launch from process.env (providers/games/index.ts). */
  GAME_PROVIDER: z.enum(['sandbox', 'http']).default('sandbox'),
  GAME_HTTP_VENDORS: z.string().optional(),
  /** The game gateway: base URL (POST <url>/launch), bearer token, and the secret its seamless-wallet calls are signed with (else one made per database). */
  GAME_HTTP_URL: z.url().optional(),
  GAME_HTTP_TOKEN: z.string().optional(),
  GAME_HTTP_SECRET: z.string().min(16).optional(),
  /** Where the gateway sends its wallet calls (default: SITE_URL). */
  GAME_WALLET_CALLBACK_ORIGIN: z.url().optional(),
  /** Rounds a vendor leaves open longer than this are refunded (checked every minute and at start-up). */
  /** Where uploaded files (the content studio's images) are kept: folder (DATA_DIR/media) or s3 (an S3-compatible bucket). */
  STORAGE: z.enum(['folder', 's3']).default('folder'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  GAME_ROUND_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** The validated environment (empty strings count as unset). */
export function env(): Env {
  if (cached) return cached;
  const raw = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== ''));
  cached = envSchema.parse(raw);
  return cached;
}

/** Forgets the parsed settings, so that the next env() reads process.env again (tests). */
export function resetEnv(): void {
  cached = undefined;
}

/** Absolute path of the PGlite data folder. */
export function dataDir(): string {
  return path.resolve(env().DATA_DIR);
}

/** Project root (two levels above src/kernel). */
export const projectRoot = path.resolve(import.meta.dirname, '../..');
