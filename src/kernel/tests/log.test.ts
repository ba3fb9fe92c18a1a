import { describe, expect, it } from 'vitest';
import { redact } from '../log.ts';

describe('the log', () => {
  it("keeps a failed query's SQL but never its parameters", () => {
    const message =
      'Error: Failed query: update "game_session" set "expires_at" = $1 where "token_hash" = $2\nparams: 2026-11-24T09:02:17.640Z,f5790168d90fe286\n    at resolveSession (play.ts:108:19)';
    const out = redact(message);
    expect(out).toContain('update "game_session"');
    expect(out).toContain('params: (redacted)');
    expect(out).not.toContain('f5790168d90fe286');
    expect(out).toContain('at resolveSession');
  });
});
