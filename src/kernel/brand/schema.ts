/**
 * A brand's configuration file (brands/<name>.json), validated at start with zod: a bad field
 * stops the server with its path and what is wrong. The file is written for people: flags as a
 * map, register rules with defaults, amounts in minor units as whole numbers. `parseBrandFile`
 * turns it into the Brand the code reads.
 */
import { z } from 'zod';
import { LOCALES } from '../locales.ts';
import { WHITELABEL_FLAGS } from './whitelabel.ts';
import type { Brand, RegisterRule } from './types.ts';
import { minorAmount } from './fields.ts';

/** Amounts in minor units (cents): whole, not negative, safe as numbers. */
const minor = minorAmount;
const httpsOrMail = z.string().regex(/^(https?:\/\/|mailto:|viber:|tel:)/, 'must be an http(s), mailto:, viber: or tel: address');
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24 h)');
const isoDay = z.number().int().min(1).max(7);
const known = new Set<string>(LOCALES.map((l) => l.code));
const language = z.string().refine((c) => known.has(c), { message: `must be one of the site's languages (${[...known].join(', ')})` });

const registerRule = z
  .object({
    enabled: z.boolean().default(true),
    required: z.boolean().default(false),
    patternId: z.number().int().min(0),
    /** '*' accepts anything; default: the pattern id. */
    acceptedPattern: z.string().optional(),
    min: z.number().int().min(0).default(0),
    max: z.number().int().min(1).default(255),
  })
  .strict()
  .refine((r) => r.min <= r.max, { message: 'min must not exceed max' })
  .transform((r): RegisterRule => ({ ...r, acceptedPattern: r.acceptedPattern ?? String(r.patternId) }));

const REGISTER_FIELDS = [
  'username',
  'password',
  'payeeName',
  'paymentPassword',
  'email',
  'mobileNum',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'affiliateCode',
  'captcha',
] as const;

/** Flags grouped by module, as spec 3 nests them: { "ACCOUNT": { "FREEPLAY3": true }, ... }. */
const flagName = z.enum(WHITELABEL_FLAGS);
const flags = z.record(z.string().regex(/^[A-Z0-9_]+$/, 'module names are upper case'), z.partialRecord(flagName, z.boolean()));

/** Official mirror addresses (spec 1), each with the code a representative gives to be verified. */
export const mirrorsSchema = z.array(z.object({ url: z.url(), verifyCode: z.string().min(4) }).strict());

/** The licences the footer states: Curaçao's, and for brands licensed in Mexico, the Mexican one (Spanish pages). */
export const licencesSchema = z
  .object({
    curacao: z.object({ number: z.string().min(1), holder: z.string().min(1) }).strict(),
    /** Only for brands licensed in Mexico: shown on the Spanish pages. */
    mexico: z
      .object({ number: z.string().min(1), holder: z.string().min(1) })
      .strict()
      .optional(),
  })
  .strict();

export const brandFileSchema = z
  .object({
    merchantCode: z.string().regex(/^[A-Z0-9_]{2,20}$/, 'must be 2-20 upper-case letters, digits or _'),
    name: z.string().min(1).max(60),
    /** Shipped as sample data: the site labels it as a demo. */
    demo: z.boolean().default(false),
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD'),
    currencySymbol: z.string().min(1).max(5),
    currencyDecimals: z.number().int().min(0).max(4),
    mainDomain: z.string().min(3),
    timeZone: z.string().refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as America/Mexico_City'),
    languages: z.array(language).min(1),
    /** How each language writes numbers, money and dates for this brand's region (es: es-MX writes $1,121.50); a language not named writes as itself. */
    intlLocales: z
      .record(
        language,
        z.string().refine((l) => {
          try {
            return Intl.NumberFormat.supportedLocalesOf([l]).length === 1;
          } catch {
            return false;
          }
        }, 'must be a locale Intl knows (es-MX, en-US)'),
      )
      .default({}),
    defaultLanguage: language,
    flags,
    register: z
      .object({
        ...(Object.fromEntries(REGISTER_FIELDS.map((f) => [f, registerRule])) as Record<(typeof REGISTER_FIELDS)[number], typeof registerRule>),
        /**
         * The birthday (yyyy-MM-dd, pattern 11), off unless the brand asks for it: when it is
         * asked, a registration younger than the brand's minimum age (protection.minimumAge) is
         * refused (issue 28).
         */
        birthday: registerRule.default({ enabled: false, required: false, patternId: 11, acceptedPattern: '11', min: 10, max: 10 }),
      })
      .strict(),
    customerService: z.array(z.object({ csType: z.enum(['LIVECHAT', 'FACEBOOK', 'TELEGRAM']), title: z.string().min(1), path: httpsOrMail }).strict()),
    resources: z.record(z.string(), z.object({ url: httpsOrMail, labelNameEn: z.string().min(1) }).strict()),
    mirrors: mirrorsSchema,
    imageCDNs: z.array(z.string()).default(['']),
    launchGameCDNs: z.array(z.string()).default(['']),
    analytics: z.object({ gtagId: z.string() }).strict().default({ gtagId: '' }),
    recommendedVendor: z.string(),
    vendorMap: z.record(z.string(), z.array(z.string())),
    newGameMap: z.array(z.string()),
    hiddenNavCodes: z.array(z.string()),
    licences: licencesSchema,
    supportHours: z.object({ fromDay: isoDay, toDay: isoDay, opens: hhmm, closes: hhmm }).strict(),
    withdrawalAutoReceiveMinutes: z.number().int().positive(),
    accounts: z
      .object({
        weakDefaultPassword: z.string().min(1),
        passwordMaxAgeDays: z.number().int().positive(),
        smsExpiredMinutes: z.number().int().min(1).max(60),
        defaultDialingCode: z.string().regex(/^\d{1,4}$/),
        powDifficulty: z.number().int().min(1).max(30),
      })
      .strict(),
    wallet: z
      .object({
        singleWallet: z.boolean(),
        /**
         * With game wallets, what opening a game does when its wallet cannot pay the smallest bet:
         * 'ask' offers the main wallet's money (the amount the player chooses), 'all' moves all of it
         * in and says so. Either way the game page brings the game wallet back when the player leaves.
         */
        gameTransfer: z.enum(['ask', 'all']).default('ask'),
        /**
         * With 'ask': the amount the form offers (minor units) unless the player moved another amount
         * last time in that browser; never more than the main wallet holds, never all of it by default.
         */
        gameTransferAmount: z
          .number()
          .int()
          .positive()
          .max(Number.MAX_SAFE_INTEGER)
          .default(2000)
          .transform((n) => BigInt(n)),
        withdrawMin: minor,
        withdrawMax: minor,
        maxAmount: minor,
        depositChannels: z
          .array(
            z
              .object({
                code: z.string().regex(/^[A-Z0-9_]+$/),
                name: z.string().min(1),
                names: z.record(z.string().regex(/^[a-z]{2}$/), z.string().min(1)).optional(),
                min: minor,
                max: minor,
                provider: z.enum(['sandbox', 'http']),
              })
              .strict(),
          )
          .min(1),
      })
      .strict(),
    /**
     * The protocol profile (docs/protocol.md): `strict` asks a proof of work before every login,
     * registration, free play and code request; `compatible` speaks the existing platform's
     * rules for the front ends written for it: the proof of work is checked when a client sends
     * one and not required otherwise (the captcha after failed logins, the lockouts and the rate
     * limits hold in both, and registrations without a proof are limited per address).
     */
    protocol: z.enum(['strict', 'compatible']).default('strict'),
    frameAncestors: z.array(z.string().regex(/^https:\/\/[^\s;,']+$/, "must be an https origin (no spaces, ';' or quotes)")).default([]),
    /**
     * Seamless play (spec 1, 2: /seamless): games of these vendors (or every game, `all`) open in
     * the site's own frame, header kept, instead of a new tab.
     */
    seamless: z
      .object({ all: z.boolean().default(false), vendors: z.array(z.string().regex(/^[A-Z0-9_]{1,20}$/)).default([]) })
      .strict()
      .default({ all: false, vendors: [] }),
  })
  // A feature's own part of the file (`agent: { contracts, team }`) is its business: kept aside
  // here as `sections`, parsed by the feature's declaration (./sections.ts); the app checks that
  // every other key is declared by some feature, so a misspelt key still fails (src/app/brand.ts).
  .catchall(z.unknown())
  .refine((b) => b.languages.includes(b.defaultLanguage), { message: 'must be one of languages', path: ['defaultLanguage'] })
  .refine((b) => b.wallet.withdrawMin <= b.wallet.withdrawMax, { message: 'withdrawMin must not exceed withdrawMax', path: ['wallet', 'withdrawMin'] });

export type BrandFile = z.input<typeof brandFileSchema>;

/** The tree of spec 3 (modules holding flags) from the file's map. */
function toWhitelabel(map: Record<string, Partial<Record<string, boolean>>>): Brand['whitelabel'] {
  return Object.entries(map).map(([modId, children]) => ({
    modId,
    enabled: '1' as const,
    childrenNodes: Object.entries(children).map(([id, on]) => ({ modId: id, enabled: on ? ('1' as const) : ('0' as const), childrenNodes: [] })),
  }));
}

/**
 * Validates a parsed brand file; throws an Error naming each bad field by its path.
 * @example parseBrandFile(JSON.parse(text), 'brands/demo.json').merchantCode // 'DEMO'
 */
export function parseBrandFile(data: unknown, source: string): Brand {
  const r = brandFileSchema.safeParse(data);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.length ? i.path.join('.') : '(file)'}: ${i.message}`);
    throw new Error(`Brand file ${source} is not valid:\n${lines.join('\n')}`);
  }
  const known = new Set(Object.keys(brandFileSchema.shape));
  const own = Object.fromEntries(Object.entries(r.data).filter(([k]) => known.has(k))) as z.output<typeof brandFileSchema>;
  const sections = Object.fromEntries(Object.entries(r.data).filter(([k]) => !known.has(k)));
  const { flags: map, ...rest } = own;
  return { ...rest, whitelabel: toWhitelabel(map), sections };
}
