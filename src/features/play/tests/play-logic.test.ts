/**
 * The game page's pure helpers (src/features/play/islands/play/logic.ts): winning cells and paylines, the
 * paytable rows, the verify link and its parsing, revealed seeds, the bet stepper, the player's
 * seed check (against the contract's own schema), spin idempotency keys and session-end codes;
 * and every symbol the engine can show has a drawn glyph and a name in both languages.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientSeedInput } from '../contract/play.ts';
import { SLOT_KINDS, slotConfig } from '../server/sandbox/paytable.ts';
import {
  applyRevealed,
  clientSeedIssue,
  initialBet,
  isEndedSession,
  linePoints,
  mergeRounds,
  multipleLabel,
  newKey,
  paytableRows,
  percent,
  spinKeys,
  stepBet,
  symbolFor,
  verifyHref,
  verifyInputFromSearch,
  verifyIssues,
  winningCells,
} from '../client/game-logic.ts';

const HEX_A = 'a'.repeat(64);
const HEX_B = 'b'.repeat(64);

describe('winning cells and paylines', () => {
  const lines = [
    [1, 1, 1, 1, 1],
    [0, 1, 2, 1, 0],
  ];
  it('marks the first `count` reels of each winning line at the rows it crosses', () => {
    const cells = winningCells(lines, [
      { line: 0, count: 3 },
      { line: 1, count: 4 },
    ]);
    expect([...cells].sort()).toEqual(['0:0', '0:1', '1:1', '2:1', '2:2', '3:1'].sort());
  });
  it('ignores a line the game does not have', () => {
    expect(winningCells(lines, [{ line: 7, count: 3 }]).size).toBe(0);
  });
  it('draws a line through the cell centres', () => {
    expect(linePoints([0, 1, 2])).toBe('0.5,0.5 1.5,1.5 2.5,2.5');
  });
});

describe('the paytable', () => {
  it('lists the best symbol first with only the counts that pay', () => {
    const rows = paytableRows({
      symbols: ['A', 'B'],
      pays: [
        [0, 0, 0, 2, 5, 10],
        [0, 0, 0, 0, 20, 50],
      ],
      minCount: 3,
      reels: 5,
    });
    expect(rows).toEqual([
      {
        symbol: 'B',
        pays: [
          { count: 4, multiple: 20 },
          { count: 5, multiple: 50 },
        ],
      },
      {
        symbol: 'A',
        pays: [
          { count: 3, multiple: 2 },
          { count: 4, multiple: 5 },
          { count: 5, multiple: 10 },
        ],
      },
    ]);
  });
  it('covers every symbol of a real configuration of each kind', () => {
    for (const kind of SLOT_KINDS) {
      const c = slotConfig(1234, { kind });
      const rows = paytableRows(c);
      expect(rows.map((r) => r.symbol)).toEqual([...c.symbols].reverse());
      for (const r of rows) for (const p of r.pays) expect(p.count).toBeGreaterThanOrEqual(c.minCount);
    }
  });
  it('writes the RTP as a percentage with two decimals in the page language', () => {
    expect(percent(0.96125, 'en')).toBe('96.13%');
    expect(percent(0.9612, 'es').replace(/\s/g, ' ')).toBe('96,12 %');
    expect(multipleLabel(12, 'en')).toBe('×12');
    expect(multipleLabel(1.5, 'es')).toBe('×1,5');
  });
});

describe('the verify link', () => {
  const round = { nodeId: 42, serverSeed: null, serverSeedHash: HEX_A, clientSeed: 'my-seed!', nonce: 7, bet: '1.00' };
  it('carries node, hash, client seed, nonce and bet, in the page language', () => {
    const href = verifyHref(round, 'es');
    expect(href.startsWith('/es/play/verify?')).toBe(true);
    const q = new URLSearchParams(href.split('?')[1]);
    // A slot's round says it was a slot's (its game may play as a table since: fish games).
    expect(Object.fromEntries(q)).toEqual({ nodeId: '42', serverSeedHash: HEX_A, clientSeed: 'my-seed!', nonce: '7', bet: '1.00', engine: 'slot' });
    const table = verifyHref({ ...round, table: { kind: 'fish', wheel: null, bets: [] } }, 'en');
    expect(new URLSearchParams(table.split('?')[1]).get('engine')).toBeNull();
  });
  it('carries the server seed once revealed, and reads back into the form', () => {
    const href = verifyHref({ ...round, serverSeed: HEX_B }, 'en');
    expect(href.startsWith('/play/verify?')).toBe(true);
    expect(verifyInputFromSearch(href.slice(href.indexOf('?')))).toEqual({
      nodeId: '42',
      serverSeed: HEX_B,
      serverSeedHash: HEX_A,
      clientSeed: 'my-seed!',
      nonce: '7',
      bet: '1.00',
    });
  });
  it('checks the form as the contract does', () => {
    expect(verifyIssues({ nodeId: '', serverSeed: 'xyz', serverSeedHash: '', clientSeed: 'a:b', nonce: '-1', bet: '1.234' })).toEqual({
      nodeId: 'required',
      serverSeed: 'invalid',
      clientSeed: 'invalid',
      nonce: 'invalid',
      bet: 'invalid',
    });
    expect(verifyIssues({ nodeId: '42', serverSeed: HEX_B, serverSeedHash: '', clientSeed: 'seed', nonce: '0', bet: '' })).toEqual({});
    expect(verifyIssues({ nodeId: '42', serverSeed: HEX_B, serverSeedHash: 'ABC', clientSeed: 'seed', nonce: '0', bet: '' })).toEqual({ serverSeedHash: 'invalid' });
  });
});

describe('rounds and seeds', () => {
  const r = (roundId: string, hash: string, seed: string | null = null) => ({ roundId, serverSeedHash: hash, serverSeed: seed });
  it('reveals the seed of exactly the rounds it played', () => {
    const out = applyRevealed([r('1', HEX_A), r('2', HEX_B), r('3', HEX_A, HEX_B)], { serverSeed: 'c'.repeat(64), serverSeedHash: HEX_A });
    expect(out.map((x) => x.serverSeed)).toEqual(['c'.repeat(64), null, HEX_B]);
  });
  it('appends further pages without doubles', () => {
    expect(mergeRounds([r('3', HEX_A), r('2', HEX_A)], [r('2', HEX_A), r('1', HEX_A)]).map((x) => x.roundId)).toEqual(['3', '2', '1']);
  });
});

describe('the bet stepper', () => {
  const bets = ['0.20', '0.50', '1.00', '2.00'];
  it('steps within the stakes and stays at the ends', () => {
    expect(stepBet(bets, '0.50', 1)).toBe('1.00');
    expect(stepBet(bets, '2.00', 1)).toBe('2.00');
    expect(stepBet(bets, '0.20', -1)).toBe('0.20');
    expect(stepBet(bets, '9.99', 1)).toBe('0.20');
  });
  it('starts on the remembered stake, else the first of at least one unit', () => {
    expect(initialBet(bets, '2.00')).toBe('2.00');
    expect(initialBet(bets, '3.00')).toBe('1.00');
    expect(initialBet(['0.05', '0.10'])).toBe('0.05');
  });
});

describe("the player's seed", () => {
  it('agrees with the contract schema', () => {
    for (const s of ['abc', 'x'.repeat(64), '!~;', ' padded ', '', 'a:b', 'a b', 'tab\there', 'x'.repeat(65), 'ñ']) {
      expect(clientSeedIssue(s) === null, JSON.stringify(s)).toBe(clientSeedInput.safeParse(s).success);
    }
    expect(clientSeedIssue('')).toBe('required');
    expect(clientSeedIssue('x'.repeat(65))).toBe('tooLong');
    expect(clientSeedIssue('a:b')).toBe('chars');
  });
});

describe('spin keys', () => {
  it('gives a fresh key per spin and the same key while the same spin is retried', () => {
    let n = 0;
    const keys = spinKeys(() => `key-${++n}-xxxx`);
    const first = keys.keyFor('1.00');
    expect(keys.keyFor('1.00')).toBe(first); // retry after a network failure
    expect(keys.pending('1.00')).toBe(true);
    keys.settled();
    expect(keys.pending()).toBe(false);
    const second = keys.keyFor('1.00');
    expect(second).not.toBe(first);
    expect(keys.keyFor('2.00')).not.toBe(second); // another bet is another spin
  });
  it('makes keys the contract accepts', () => {
    for (let i = 0; i < 20; i++) expect(newKey()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});

describe('session end and currency', () => {
  it('reads launch and session codes as an ended session, not other refusals', () => {
    expect(isEndedSession('game.launch.expired')).toBe(true);
    expect(isEndedSession('sandbox.session.unknown', 404)).toBe(true);
    expect(isEndedSession('request.invalid', 400, { launch: 'bad' })).toBe(true);
    expect(isEndedSession('anything', 410)).toBe(true);
    expect(isEndedSession('game.launch.lottery', 409)).toBe(false);
    expect(isEndedSession('wallet.balance.insufficient', 409)).toBe(false);
    expect(isEndedSession('network', 0)).toBe(false);
    expect(isEndedSession('login.not.session', 401)).toBe(false);
  });
  it("uses the brand's symbol for its currency, else the code", () => {
    const brand = { currency: 'USD', currencySymbol: '$' };
    expect(symbolFor('USD', brand)).toBe('$');
    expect(symbolFor('EUR', brand)).toBe('EUR ');
  });
});

describe('symbols', () => {
  const dir = path.resolve(import.meta.dirname, '../i18n');
  const glyphSource = readFileSync(path.resolve(import.meta.dirname, '../islands/play/SymbolGlyph.tsx'), 'utf8');
  it('every symbol the engine shows has a glyph and a name in English and Spanish', () => {
    const all = new Set(SLOT_KINDS.flatMap((kind) => slotConfig(1, { kind }).symbols));
    for (const lang of ['en', 'es']) {
      const names = (JSON.parse(readFileSync(path.join(dir, lang, 'play.json'), 'utf8')) as { symbols: Record<string, string> }).symbols;
      for (const s of all) expect(names[s], `${lang} name of ${s}`).toBeTruthy();
    }
    for (const s of all) expect(glyphSource, `glyph of ${s}`).toMatch(new RegExp(`\\b${s}:`));
  });
});
