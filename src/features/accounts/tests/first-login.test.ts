/**
 * The first-login flag (spec 4 After login) is set by every way into a session, so that a new
 * registration, whose own session is the account's first login, is greeted as one (the home
 * page's first-login announcements, execution F), not only a login through the form.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginValue } from '../contract.ts';

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  clear() {
    this.m.clear();
  }
}

vi.mock('../../../kernel/http/client.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  // Member info is not what this test is about: the call fails as a network fault would.
  pageApiClient: () => ({ call: async () => Promise.reject(new Error('offline')) }),
}));

const login = (firstTimeLogin: boolean) => ({ token: 't-1', firstTimeLogin }) as LoginValue;

describe('the first-login flag', () => {
  beforeEach(() => vi.stubGlobal('window', { sessionStorage: new MemoryStorage(), localStorage: new MemoryStorage() }));
  afterEach(() => vi.unstubAllGlobals());

  it("is set when a registration's session begins, which is the account's first login", async () => {
    const { beginSession, FIRST_LOGIN_KEY } = await import('../client/session.ts');
    await beginSession(login(true));
    expect(window.sessionStorage.getItem(FIRST_LOGIN_KEY)).toBe('1');
  });

  it('is not set by a later login', async () => {
    const { beginSession, FIRST_LOGIN_KEY } = await import('../client/session.ts');
    await beginSession(login(false));
    expect(window.sessionStorage.getItem(FIRST_LOGIN_KEY)).toBeNull();
  });
});
