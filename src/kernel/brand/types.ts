/** The shape of a brand's configuration (white label), as the code reads it. The files in ./brands are validated and turned into it by ./schema.ts. */
import type { WhitelabelNode } from './whitelabel.ts';
import type { WeeklyHours } from '../hours.ts';

export type { WhitelabelNode };

export interface RegisterRule {
  enabled: boolean;
  required: boolean;
  /** '*' accepts anything; otherwise a pattern variant id, see src/features/accounts/registerPatterns.ts. */
  acceptedPattern: string;
  patternId: number;
  min: number;
  max: number;
}

export interface ContactResource {
  url: string;
  labelNameEn: string;
}

export interface CustomerServiceEntry {
  csType: 'LIVECHAT' | 'FACEBOOK' | 'TELEGRAM';
  title: string;
  path: string;
}

export interface MirrorSite {
  url: string;
  /** Short code a visitor can read to a representative to check the address is official. */
  verifyCode: string;
}

export interface Brand {
  merchantCode: string;
  name: string;
  /** Shipped as sample data (brands/demo.json): the site says so. */
  demo?: boolean;
  currency: string;
  currencySymbol: string;
  /** Digits after the decimal point of the currency (minor units). */
  currencyDecimals: number;
  mainDomain: string;
  timeZone: string;
  languages: string[];
  /** How each language writes numbers, money and dates for the brand's region (src/kernel/intl.ts). */
  intlLocales: Record<string, string>;
  defaultLanguage: string;
  whitelabel: WhitelabelNode[];
  register: Record<string, RegisterRule>;
  customerService: CustomerServiceEntry[];
  /** Contact channels and licences, keyed by channel (FACEBOOK, TELEGRAM, WHATSAPP, VIBER, GEOGLE, CURACAO). */
  resources: Record<string, ContactResource>;
  mirrors: MirrorSite[];
  imageCDNs: string[];
  launchGameCDNs: string[];
  analytics: { gtagId: string };
  recommendedVendor: string;
  /** Default order of vendors inside a category (earlier first); unknown vendors go last. */
  vendorMap: Record<string, string[]>;
  /** Vendors whose games are listed first on /new. */
  newGameMap: string[];
  /** Hidden categories in the main navigation (spec 2.6: items with code JL are hidden). */
  hiddenNavCodes: string[];
  licences: {
    curacao: { number: string; holder: string };
    /** Only for brands licensed in Mexico. */
    mexico?: { number: string; holder: string };
  };
  /** Support hours shown on the agent page. */
  supportHours: WeeklyHours;
  /** Minutes after which an unconfirmed payout counts as received. */
  withdrawalAutoReceiveMinutes: number;
  accounts: AccountSettings;
  wallet: WalletSettings;
  /** Origins allowed to show the site in a frame (CSP frame-ancestors); none when empty or absent. */
  frameAncestors?: string[];
  /** Games that play in the site's own frame (/seamless): every game, or these vendors'. */
  seamless: { all: boolean; vendors: string[] };
  /** The protocol profile (schema.ts, docs/protocol.md): 'strict' unless the brand says 'compatible'. */
  protocol: 'strict' | 'compatible';
  /** The features' own parts of the file, by key, as written (each parsed by its feature's declaration: sections.ts). */
  sections: Record<string, unknown>;
}

/** A way to deposit, shown on the deposit page; amounts in minor units. */
export interface DepositChannelSettings {
  code: string;
  /** What players read (the code is never shown): the default language's name... */
  name: string;
  /** ...and the name in other site languages, by language ('es': 'Tarjeta'). */
  names?: Record<string, string>;
  min: bigint;
  max: bigint;
  /** Name of the payment provider that serves it (sandbox or http). */
  provider: 'sandbox' | 'http';
}

/** Wallet rules of the brand (issue 4); amounts in minor units. */
export interface WalletSettings {
  /**
   * One balance for every vendor (true), or a main wallet plus one game wallet per enabled vendor
   * that the player moves money between (false).
   */
  singleWallet: boolean;
  /** With game wallets: a game that cannot pay its smallest bet asks for money ('ask') or takes all of the main wallet ('all'). */
  gameTransfer: 'ask' | 'all';
  /** With 'ask': the amount offered (minor units), unless the player moved another last time; capped by the main balance. */
  gameTransferAmount: bigint;
  withdrawMin: bigint;
  withdrawMax: bigint;
  /** Largest amount any wallet call accepts ('wallet.amount.tooLarge' above it). */
  maxAmount: bigint;
  depositChannels: DepositChannelSettings[];
}

/** Account rules of the brand (spec 4 after login, 9 constants). */
export interface AccountSettings {
  /** The weak default password ('{secret}' of spec 9): logging in with it forces a change. */
  weakDefaultPassword: string;
  /** Days after which a password counts as expired (forced change when PWDEXPFORCECHANGE3 is on). */
  passwordMaxAgeDays: number;
  /** Minutes an sms code lives; the client's countdown is this times 60 s. */
  smsExpiredMinutes: number;
  /** Dialing code assumed when a call does not send one. */
  defaultDialingCode: string;
  /** Leading zero bits of the proof-of-work challenge (16: a fraction of a second in a browser). */
  powDifficulty: number;
}
