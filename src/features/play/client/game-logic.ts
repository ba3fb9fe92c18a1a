/**
 * Pure helpers of the sandbox game page and its verify page (issue 5): which grid cells a line
 * win covers, the paytable as rows, the verify page's address for a round, the revealed seed
 * applied to the rounds it played, the bet stepper, the player's seed check and the idempotency
 * key of a spin. No DOM, no React: ../tests/play-logic.test.ts runs them in Node.
 */
import type { PlayedRound } from '../contract/play.ts';
import { localizePath, type Locale } from '../../../kernel/locales.ts';
import { intlLocale } from '../../../kernel/intl.ts';
import { formatMinor, parseMinor } from '../../../kernel/money.ts';

/** A line win as the contract answers it (round and verify answers). */
export interface LineWinView {
  line: number;
  symbol: string;
  count: number;
  multiplier: number;
  payout: string;
}

/** Fills `{{name}}` placeholders (the kernel's browser helper). */
export { fill } from '../../../kernel/i18n/browser.ts';

/** The key of a grid cell. */
export const cellKey = (reel: number, row: number) => `${reel}:${row}`;

/**
 * The cells (`reel:row`) that the winning runs cover: on each winning line, the first `count`
 * reels from the left, at the row the line crosses there.
 * @example winningCells([[1, 1, 1]], [{ line: 0, count: 3, ... }]) // Set { '0:1', '1:1', '2:1' }
 */
export function winningCells(lines: readonly (readonly number[])[], wins: readonly Pick<LineWinView, 'line' | 'count'>[]): Set<string> {
  const out = new Set<string>();
  for (const w of wins) {
    const line = lines[w.line];
    if (!line) continue;
    for (let reel = 0; reel < Math.min(w.count, line.length); reel++) out.add(cellKey(reel, line[reel]!));
  }
  return out;
}

/**
 * The points of a payline in a grid drawn as `reels` x `rows` unit squares (cell centres), for
 * an SVG polyline over the reels.
 * @example linePoints([0, 1, 2]) // '0.5,0.5 1.5,1.5 2.5,2.5'
 */
export function linePoints(line: readonly number[]): string {
  return line.map((row, reel) => `${reel + 0.5},${row + 0.5}`).join(' ');
}

/** One row of the paytable: a symbol and what each paying count pays (multiple of the line bet). */
export interface PaytableRow {
  symbol: string;
  pays: { count: number; multiple: number }[];
}

/**
 * The paytable, best paying symbol first, each with the counts that pay (from `minCount` to
 * the number of reels; counts that pay nothing are left out).
 */
export function paytableRows(rules: { symbols: readonly string[]; pays: readonly (readonly number[])[]; minCount: number; reels: number }): PaytableRow[] {
  const rows = rules.symbols.map((symbol, i) => {
    const row = rules.pays[i] ?? [];
    const pays: PaytableRow['pays'] = [];
    for (let count = rules.minCount; count <= rules.reels; count++) {
      const multiple = row[count] ?? 0;
      if (multiple > 0) pays.push({ count, multiple });
    }
    return { symbol, pays };
  });
  return rows.reverse();
}

/**
 * A return to player (0.9612) as a percentage in the page's language, with two decimals.
 * @example percent(0.96125, 'en') // '96.13%'
 */
export function percent(ratio: number, lang: string): string {
  try {
    return new Intl.NumberFormat(intlLocale(lang), { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(ratio);
  } catch {
    return `${(ratio * 100).toFixed(2)}%`;
  }
}

/** A multiple of the line bet as the paytable writes it ('x12', 'x1.5'). */
export function multipleLabel(multiple: number, lang: string): string {
  try {
    return `×${new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 2 }).format(multiple)}`;
  } catch {
    return `×${multiple}`;
  }
}

/** What the verify page needs to recompute a round; the address carries it as query parameters. */
export interface VerifyInput {
  nodeId: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  bet: string;
}

export const VERIFY_FIELDS = ['nodeId', 'serverSeed', 'serverSeedHash', 'clientSeed', 'nonce', 'bet'] as const;

/**
 * The verify page's address for a round, in the page's language: node, seeds, nonce and bet
 * (the server seed only once it was revealed).
 * @example verifyHref(round, 'es') // '/es/play/verify?nodeId=12&serverSeedHash=...&clientSeed=...&nonce=3&bet=1.00'
 */
export function verifyHref(round: Pick<PlayedRound, 'nodeId' | 'serverSeed' | 'serverSeedHash' | 'clientSeed' | 'nonce' | 'bet' | 'table'>, locale: Locale): string {
  const q = new URLSearchParams({ nodeId: String(round.nodeId) });
  if (round.serverSeed) q.set('serverSeed', round.serverSeed);
  q.set('serverSeedHash', round.serverSeedHash);
  q.set('clientSeed', round.clientSeed);
  q.set('nonce', String(round.nonce));
  q.set('bet', round.bet);
  // A blackjack hand is replayed with its actions, at its first stake (the round's bet counts its doubles, splits and insurance).
  const hand = round.table?.blackjack;
  if (hand) {
    const first = parseMinor(hand.hands[0]!.stake) ?? 0n;
    q.set('bet', formatMinor(hand.hands[0]!.doubled ? first / 2n : first));
    q.set('actions', hand.actions.join(','));
  }
  // A slot's round says so: its game may play as a table now (fish games' rounds from before they shot).
  if (!round.table) q.set('engine', 'slot');
  return `${localizePath('/play/verify', locale)}?${q.toString()}`;
}

/** The verify form's fields from an address's query string (unknown parameters ignored, values trimmed). */
export function verifyInputFromSearch(search: string): VerifyInput {
  const q = new URLSearchParams(search);
  const out = { nodeId: '', serverSeed: '', serverSeedHash: '', clientSeed: '', nonce: '', bet: '' } as VerifyInput;
  for (const f of VERIFY_FIELDS) out[f] = (q.get(f) ?? '').trim().slice(0, 200);
  return out;
}

/**
 * After a seed rotation, the rounds played with the old seed show it revealed (the server
 * answers the same on the next load; this saves reloading the history).
 */
export function applyRevealed<R extends Pick<PlayedRound, 'serverSeedHash' | 'serverSeed'>>(rounds: readonly R[], revealed: { serverSeed: string; serverSeedHash: string }): R[] {
  return rounds.map((r) => (r.serverSeed === null && r.serverSeedHash === revealed.serverSeedHash ? { ...r, serverSeed: revealed.serverSeed } : r));
}

/** Adds rounds of a further page to a history, newest first, without doubles. */
export function mergeRounds<R extends Pick<PlayedRound, 'roundId'>>(current: readonly R[], more: readonly R[]): R[] {
  const seen = new Set(current.map((r) => r.roundId));
  return [...current, ...more.filter((r) => !seen.has(r.roundId))];
}

/**
 * The bet one step up (dir 1) or down (dir -1) the game's stakes, staying at the ends.
 * @example stepBet(['0.05', '0.10', '0.20'], '0.10', 1) // '0.20'
 */
export function stepBet(bets: readonly string[], current: string, dir: 1 | -1): string {
  const i = bets.indexOf(current);
  if (i < 0) return bets[0] ?? current;
  return bets[Math.max(0, Math.min(bets.length - 1, i + dir))]!;
}

/**
 * The stake a game starts on: the remembered one when the game still accepts it, else the
 * smallest stake at or above one unit of money (or the smallest there is).
 */
export function initialBet(bets: readonly string[], remembered?: string | null): string {
  if (remembered && bets.includes(remembered)) return remembered;
  return bets.find((b) => Number(b) >= 1) ?? bets[0] ?? '';
}

/** The player's seed as the contract accepts it (clientSeedInput): printable ASCII without ":", 1 to 64 characters once trimmed. */
export function clientSeedIssue(value: string): 'required' | 'tooLong' | 'chars' | null {
  const t = value.trim();
  if (!t) return 'required';
  if (t.length > 64) return 'tooLong';
  if (!/^[ -9;-~]+$/.test(t)) return 'chars';
  return null;
}

/** A field of the verify form the browser refuses before asking (the server checks again). */
export function verifyIssues(input: VerifyInput): Partial<Record<keyof VerifyInput, 'required' | 'invalid'>> {
  const out: Partial<Record<keyof VerifyInput, 'required' | 'invalid'>> = {};
  const hex = /^[0-9a-f]{64}$/;
  if (!input.nodeId.trim()) out.nodeId = 'required';
  else if (!/^\d{1,9}$/.test(input.nodeId.trim())) out.nodeId = 'invalid';
  if (!input.serverSeed.trim()) out.serverSeed = 'required';
  else if (!hex.test(input.serverSeed.trim())) out.serverSeed = 'invalid';
  if (input.serverSeedHash.trim() && !hex.test(input.serverSeedHash.trim())) out.serverSeedHash = 'invalid';
  const seed = clientSeedIssue(input.clientSeed);
  if (seed === 'required') out.clientSeed = 'required';
  else if (seed) out.clientSeed = 'invalid';
  if (!input.nonce.trim()) out.nonce = 'required';
  else if (!/^\d{1,9}$/.test(input.nonce.trim())) out.nonce = 'invalid';
  if (input.bet.trim() && !/^\d{1,9}(\.\d{1,2})?$/.test(input.bet.trim())) out.bet = 'invalid';
  return out;
}

/** A random idempotency key (the contract accepts 8 to 64 of [A-Za-z0-9_-]). */
export function newKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(18);
  c.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The idempotency key of the spin being sent: a fresh one per spin, the same one while the same
 * spin (same bet) is retried after a network failure, so the server plays it at most once.
 */
export interface SpinKeys {
  /** The key for a spin of `bet`: the pending one when retrying that bet, else a new one. */
  keyFor(bet: string): string;
  /** The spin was answered (played or refused): the next spin takes a new key. */
  settled(): void;
  /** Is a spin of `bet` waiting to be retried with its key? */
  pending(bet?: string): boolean;
}

export function spinKeys(make: () => string = newKey): SpinKeys {
  let current: { bet: string; key: string } | null = null;
  return {
    keyFor(bet) {
      if (!current || current.bet !== bet) current = { bet, key: make() };
      return current.key;
    },
    settled() {
      current = null;
    },
    pending(bet) {
      return current !== null && (bet === undefined || current.bet === bet);
    },
  };
}

/** Failures after which the spin may not have reached the server: retry it with the same key. */
export const NETWORK_CODES = new Set(['network', 'timeout', 'unknown', 'system.busy']);

/**
 * Failures that mean the game session is gone: an expired or unknown launch token (any
 * `*.launch.*` or `*.session.*` code but the lottery refusal, or 410 Gone), or a token the
 * contract's schema refused (a malformed `launch`).
 */
export function isEndedSession(errorCode: string, status = 0, fieldErrors: Record<string, string> = {}): boolean {
  if (errorCode === 'game.launch.lottery' || errorCode === 'game.session.otherMember') return false;
  if (/(^|\.)(launch|session)(\.|$)/.test(errorCode) && errorCode !== 'login.not.session') return true;
  if (status === 410) return true;
  return errorCode === 'request.invalid' && 'launch' in fieldErrors;
}

/** The currency symbol to write amounts with: the brand's when the game plays in its currency, else the code. */
export function symbolFor(currency: string, brand: { currency: string; currencySymbol: string }): string {
  return currency === brand.currency || !currency ? brand.currencySymbol : `${currency} `;
}
