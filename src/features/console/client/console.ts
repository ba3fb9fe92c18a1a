/**
 * The console's state (issue 29), in nanostores: who is signed in, the section shown and its
 * filters (kept in the address, so a reload or a shared link opens the same view), and the last
 * notice. The session itself is the HttpOnly cookie the server set; nothing of it is in storage.
 * Components render these stores and call the functions here.
 */
import { atom, map } from 'nanostores';
import { ApiFailure, createApiClient, type ApiClient, type ClientMessages } from '../../../kernel/http/client.ts';
import { consoleLogout, consoleMe, type ConsoleMe, type StaffRole } from '../contract.ts';

export type Section =
  'dashboard' | 'withdrawals' | 'deposits' | 'adjustments' | 'lottery' | 'brand' | 'engagement' | 'agents' | 'chat' | 'feedback' | 'members' | 'content' | 'staff' | 'audit' | 'commands';

/** The sections in menu order, with the roles that see them (the owner sees all). */
export const SECTIONS: readonly { id: Section; roles: readonly StaffRole[] }[] = [
  { id: 'dashboard', roles: ['finance', 'risk'] },
  { id: 'withdrawals', roles: ['finance'] },
  { id: 'deposits', roles: ['finance'] },
  { id: 'lottery', roles: ['finance'] },
  { id: 'adjustments', roles: ['finance'] },
  { id: 'members', roles: ['support', 'finance', 'risk', 'agents'] },
  { id: 'chat', roles: ['support'] },
  { id: 'feedback', roles: ['support'] },
  { id: 'engagement', roles: ['finance', 'support'] },
  { id: 'agents', roles: ['agents'] },
  { id: 'content', roles: ['content'] },
  { id: 'staff', roles: ['owner'] },
  { id: 'brand', roles: ['risk'] },
  { id: 'audit', roles: ['risk'] },
  // Every role has commands of its own (each command declares the roles that run it).
  { id: 'commands', roles: ['finance', 'support', 'risk', 'content', 'agents'] },
];

/**
 * Splits a command line into words as a shell would for plain text: spaces separate, quotes
 * (double or single) keep a phrase together and are dropped.
 * @example words('message send --title "Hello there"') // ['message', 'send', '--title', 'Hello there']
 */
export function words(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3]!);
  return out;
}

export const sectionsFor = (roles: readonly StaffRole[]) => SECTIONS.filter((s) => roles.includes('owner') || s.roles.some((r) => roles.includes(r))).map((s) => s.id);

export interface Notice {
  kind: 'ok' | 'error';
  text: string;
}

/** The address's view: ?section=members&q=demo&id=100002 */
export type Filters = Record<string, string>;

export function createConsole(o: { merchant: string; language: string; messages: ClientMessages; sessionEnded: string }) {
  const client: ApiClient = createApiClient({ merchant: o.merchant, language: o.language, messages: o.messages });
  /** undefined: not known yet; null: nobody signed in. */
  const $me = atom<ConsoleMe | null | undefined>(undefined);
  const $section = atom<Section | null>(null);
  const $filters = map<Filters>({});
  const $notice = atom<Notice | null>(null);

  function readAddress(): void {
    const params = new URLSearchParams(location.search);
    const section = params.get('section') as Section | null;
    params.delete('section');
    $filters.set(Object.fromEntries(params));
    $section.set(section);
  }

  function writeAddress(): void {
    const params = new URLSearchParams();
    const s = $section.get();
    if (s) params.set('section', s);
    for (const [k, v] of Object.entries($filters.get())) if (v) params.set(k, v);
    const q = params.toString();
    history.replaceState(null, '', `${location.pathname}${q ? `?${q}` : ''}`);
  }

  /** Opens a section with its filters (the address follows). */
  function open(section: Section, filters: Filters = {}): void {
    $section.set(section);
    $filters.set(filters);
    $notice.set(null);
    writeAddress();
  }

  function setFilters(filters: Filters): void {
    $filters.set(filters);
    writeAddress();
  }

  /** The first section the roles allow, when the address names none or one they may not see. */
  function settle(me: ConsoleMe): void {
    const allowed = sectionsFor(me.roles);
    const s = $section.get();
    if (!s || !allowed.includes(s)) {
      $section.set(allowed[0] ?? null);
      writeAddress();
    }
  }

  async function start(): Promise<void> {
    readAddress();
    try {
      const me = await client.call(consoleMe);
      $me.set(me);
      if (me) settle(me);
    } catch {
      $me.set(null);
    }
  }

  function signedIn(me: ConsoleMe): void {
    $me.set(me);
    settle(me);
  }

  /** Runs a call; a refusal becomes the notice, and an ended session the login form again. */
  async function run<T>(work: (c: ApiClient) => Promise<T>, done?: (value: T) => string | null): Promise<T | null> {
    try {
      const value = await work(client);
      const text = done?.(value);
      if (text) $notice.set({ kind: 'ok', text });
      return value;
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 401) {
        $me.set(null);
        $notice.set({ kind: 'error', text: o.sessionEnded });
        return null;
      }
      $notice.set({ kind: 'error', text: err instanceof Error ? err.message : String(err) });
      return null;
    }
  }

  async function logout(): Promise<void> {
    await client.call(consoleLogout).catch(() => null);
    $me.set(null);
  }

  /** The wire notes' headers, for what does not go through the client (the chat desk's event streams). */
  const apiHeaders = () => ({ Merchant: o.merchant, Language: o.language, Device: 'web' });

  return { client, apiHeaders, $me, $section, $filters, $notice, start, open, setFilters, signedIn, run, logout };
}

export type ConsoleState = ReturnType<typeof createConsole>;
