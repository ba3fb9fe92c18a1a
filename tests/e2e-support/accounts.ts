/**
 * What the accounts e2e specs share: a test fixture that gives every test its own client
 * address (so per-address limits and the new-address check stay inside the test), accounts made
 * with the operator command, the sandbox outboxes read through it, and the site's own strings.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { expect as baseExpect, type APIResponse, type Page, type TestInfo } from '@playwright/test';
import { ENCRYPTION_HEADER, importPublicKey, sealBody } from '../../src/kernel/envelope/crypto.ts';
import { solveChallenge } from '../../src/kernel/pow/pow.ts';
import { test as base } from './fixtures.ts';
import { ops } from './server.ts';
import { text, type Lang } from './i18n.ts';

/** A client address for a test: stable for the test, different between tests and projects. */
export function addressFor(info: TestInfo, salt = ''): string {
  const h = createHash('sha256').update(`${info.testId}:${info.repeatEachIndex}:${info.retry}:${salt}`).digest();
  return `10.${h[0]! % 250}.${h[1]! % 250}.${(h[2]! % 250) + 1}`;
}

/**
 * Playwright's test with `ip` (this test's address, sent as X-Forwarded-For), and a guard that
 * fails any test whose pages broke their Content-Security-Policy (the browser reports each
 * refusal on the console).
 */
export const test = base.extend<{ ip: string; allowCspViolations: boolean }>({
  ip: async ({}, use, info) => use(addressFor(info)),
  /** A test that provokes a violation on purpose (framing the site) turns the guard off. */
  allowCspViolations: [false, { option: true }],
  extraHTTPHeaders: async ({ ip }, use) => use({ 'X-Forwarded-For': ip }),
  // The guard rides on the test's context (every page a test opens is in it), so that a test
  // skipped before it uses a page never pays for a browser context (see fixtures.ts).
  context: async ({ context, allowCspViolations }, use) => {
    const violations: string[] = [];
    const watch = (page: Page) =>
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) violations.push(`${m.text()} (${page.url()})`);
      });
    context.pages().forEach(watch);
    context.on('page', watch);
    await use(context);
    if (!allowCspViolations) baseExpect(violations, 'the pages broke their Content-Security-Policy').toEqual([]);
  },
});
/**
 * Playwright's expect with room for a login: the browser answers a proof-of-work challenge and
 * the server hashes the password at OWASP cost, which takes seconds on a loaded 2-core machine.
 */
export const expect = baseExpect.configure({ timeout: 15_000 });

/** A username the brand's rule accepts (6-16 letters and digits, a letter first), new each call. */
export function newUsername(prefix = 'e'): string {
  return `${prefix}${Date.now().toString(36).slice(-6)}${randomInt(36 ** 3)
    .toString(36)
    .padStart(3, '0')}`.slice(0, 16);
}

/** A Mexican-looking mobile number (10 digits), new each call; `leadingZero` starts it with 0. */
export function newMobile(leadingZero = false): string {
  const body = `55${String(randomInt(10 ** 8)).padStart(8, '0')}`;
  return leadingZero ? `0${body.slice(1)}` : body;
}

export interface UserSpec {
  type?: 'player' | 'agent';
  username?: string;
  password?: string;
  /** Keep the password (no forced change at first login); true unless said otherwise. */
  keepPassword?: boolean;
  mobile?: string;
  email?: string;
  /** The agent directly above the new account. */
  upline?: string;
}

/** Creates an account with `npm run ops -- user:create`; answers its username and password. */
export async function createUser(spec: UserSpec = {}): Promise<{ username: string; password: string; mobile?: string; email?: string; affiliateCode: string }> {
  const username = spec.username ?? newUsername(spec.type === 'agent' ? 'ag' : 'pl');
  const password = spec.password ?? `Pw${String(randomInt(10 ** 6)).padStart(6, '0')}x`;
  const args = ['user:create', '--type', spec.type ?? 'player', '--username', username, '--password', password];
  if (spec.keepPassword !== false) args.push('--keep-password');
  if (spec.mobile) args.push('--mobile', spec.mobile, '--dialing-code', '52');
  if (spec.email) args.push('--email', spec.email);
  if (spec.upline) args.push('--upline', spec.upline);
  const out = await ops(...args);
  const affiliateCode = /affiliate code (\S+?)\)/.exec(out)?.[1];
  if (!/Created/.test(out) || !affiliateCode) throw new Error(`user:create answered: ${out}`);
  return { username, password, mobile: spec.mobile, email: spec.email, affiliateCode };
}

/** The code in the newest sms the sandbox sent to `mobile`, if any (one look). */
export async function latestSmsCode(mobile: string): Promise<string | undefined> {
  const out = await ops('sms-outbox', '--mobile', mobile, '--limit', '1');
  const body = (out.split('\n')[0] ?? '')
    .split(/\s{2,}/)
    .slice(2)
    .join('  ');
  return /\b(\d{4,8})\b/.exec(body)?.[1];
}

/** The code of the newest sms the sandbox sent to `mobile`, waiting for one other than `after`. */
export async function smsCode(mobile: string, after?: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const code = await latestSmsCode(mobile);
    if (code && code !== after) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no new sms for ${mobile}`);
}

/** The temporary password in the newest e-mail the sandbox sent to `address`. */
export async function mailedPassword(address: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const out = await ops('email-outbox', '--to', address, '--limit', '1');
    const m = /\b(?:is|es) ([A-Za-z0-9]{8,})\./.exec(out);
    if (m) return m[1]!;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail for ${address}`);
}

/** The 6-digit code in the newest e-mail the sandbox sent to `address` (readable while it works). */
export async function mailedCode(address: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const out = await ops('email-outbox', '--to', address, '--limit', '1');
    const m = /\b(\d{6})\b/.exec(out);
    if (m) return m[1]!;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code mailed to ${address}`);
}

/** A string of the `auth` (interface) or `accounts`/`errors` catalogue, {{placeholders}} filled. */
export function t(lang: Lang, ns: string, key: string, values: Record<string, string | number> = {}): string {
  return text(lang, ns, key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
}

/** The page path of `p` in `lang` ('/login' -> '/es/login'). */
export const at = (lang: Lang, p: string) => (lang === 'en' ? p : p === '/' ? '/es' : `/es${p}`);

/** The dialog (popup) whose title is `name`. */
export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** Opens the login popup through its route and waits for its form. */
export async function openLogin(page: Page, lang: Lang): Promise<void> {
  await page.goto(at(lang, '/login'));
  await expect(dialog(page, t(lang, 'auth', 'login.title')).locator('input[name="username"]')).toBeVisible();
}

/** Logs in with username and password in the open login popup (or the agent page's form). */
export async function submitLogin(page: Page, lang: Lang, username: string, password: string): Promise<void> {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: t(lang, 'auth', 'login.submit'), exact: true }).click();
}

/** Logs in through the popup and closes the after-login modal; ends on the home page, logged in. */
export async function loginAs(page: Page, lang: Lang, username: string, password: string): Promise<void> {
  await openLogin(page, lang);
  await submitLogin(page, lang, username, password);
  const welcome = dialog(page, t(lang, 'auth', 'afterLogin.title', { name: username }));
  await welcome.getByRole('button', { name: t(lang, 'auth', 'afterLogin.continue') }).click();
  await expect(welcome).toBeHidden();
}

/**
 * Signs in through the API, as the login form's calls would (the proof of work, the encrypted
 * login), without the popup: for tests about what a member does, not about logging in (those use
 * `loginAs`). The session token is handed to the page as the site's own start-up takes one (its
 * session storage, seeded once for this context: a later sign-out stays signed out), then the page
 * opens at `path` and the header shows the account.
 */
export async function signIn(page: Page, lang: Lang, username: string, password: string, path = '/'): Promise<void> {
  const headers = { merchant: 'DEMO', language: lang.toUpperCase(), device: 'web' };
  const envelope = async (r: APIResponse) => {
    const json = (await r.json()) as { success: boolean; value: Record<string, unknown>; errorCode?: string };
    if (!json.success) throw new Error(`sign-in of ${username}: ${r.url()} answered ${JSON.stringify(json)}`);
    return json.value;
  };
  const challenge = (await envelope(await page.request.get('/wps/verification/challenge', { headers }))) as { challengeId: string; salt: string; difficulty: number };
  const key = (await envelope(await page.request.get('/wps/session/key/rsa', { headers }))) as { publicKey: string };
  const body = { username, password, type: 'username', loginDeviceId: randomUUID(), challengeId: challenge.challengeId, challengeNonce: await solveChallenge(challenge) };
  const sealed = await sealBody(await importPublicKey(key.publicKey), 'POST', '/wps/session/login', body);
  const login = await envelope(await page.request.post('/wps/session/login', { headers: { ...headers, [ENCRYPTION_HEADER]: sealed.encryption }, data: { value: sealed.value } }));
  await page.context().addInitScript(
    ({ token, flag }) => {
      try {
        if (localStorage.getItem(flag)) return;
        sessionStorage.setItem('token', token);
        localStorage.setItem(flag, '1');
      } catch {
        /* a document without storage (about:blank) */
      }
    },
    { token: String(login.token), flag: `e2e.signedIn.${username}` },
  );
  await page.goto(at(lang, path));
  await expect(accountButton(page, lang, username)).toBeVisible();
}

/** The header's account button (logged-in state of spec 2.4). */
export const accountButton = (page: Page, lang: Lang, name: string) => page.getByRole('button', { name: t(lang, 'auth', 'menu.open', { name }) });

/** Signs out through the header menu, confirming the prompt; ends logged out. */
export async function signOut(page: Page, lang: Lang, name: string): Promise<void> {
  await accountButton(page, lang, name).click();
  await page.getByRole('button', { name: t(lang, 'auth', 'menu.signOut') }).click();
  const prompt = page.getByRole('alertdialog', { name: t(lang, 'auth', 'in_popup_prompt') });
  await expect(prompt).toContainText(t(lang, 'auth', 'in_sure_logout'));
  // Sign-out ends by loading the home page (spec 2.2).
  const navigated = page.waitForEvent('framenavigated', { predicate: (f) => f === page.mainFrame(), timeout: 15_000 });
  await prompt.getByRole('button', { name: t(lang, 'auth', 'confirm') }).click();
  await navigated;
  await page.waitForLoadState('load');
  await expect(page.getByRole('link', { name: text(lang, 'layout', 'login'), exact: true })).toBeVisible({ timeout: 15_000 });
}
