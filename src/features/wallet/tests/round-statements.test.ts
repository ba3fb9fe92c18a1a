import { describe, expect, it } from 'vitest';
import { playRoundText } from '../server/round-statements.ts';

describe('a round played in one statement with an engine’s writes', () => {
  const guard = `seed as (update game_seed set nonce = nonce + 1 where id = $e1::bigint returning id)`;

  it('numbers the engine’s parameters after the wallet’s fourteen and gates the round on the guard', () => {
    const text = playRoundText({ name: 't', guard: 'seed', ctes: `${guard}, rec as (insert into t (a) select $e2::text from seed returning 1)` });
    expect(text).toContain('where id = $15::bigint');
    expect(text).toContain('select $16::text from seed');
    expect(text).not.toMatch(/\$e\d/);
    expect(text).toMatch(/'settled', now\(\) where exists \(select 1 from seed\)/);
  });

  it('refuses an engine write that does not read the guard (it would run even when the guard finds nothing)', () => {
    expect(() => playRoundText({ name: 't', guard: 'seed', ctes: `${guard}, rec as (insert into t (a) values ($e2::text) returning 1)` })).toThrow(/must read seed/);
  });
});
