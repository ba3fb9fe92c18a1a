/**
 * The API dispatcher: finds the declared call for a request, checks method, headers, size,
 * session and schemas, runs the handler and wraps its answer in the envelope. No client input
 * reaches a 500: only a fault in our own code does, as `system.busy` with a logged request id.
 */
import { randomUUID } from 'node:crypto';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { EventStreamAnswer, FileAnswer, type CallDef, type Envelope, type Method } from '../contract.ts';
import { localeFromApi, type Locale } from '../locales.ts';
import { brand } from '../brand/index.ts';
import { getT } from '../i18n/server.ts';
import { ApiError } from './errors.ts';
import { runAsCaller } from './request-context.ts';
import { log } from '../log.ts';
import { onDrain } from './lifecycle.ts';

export interface RequestMeta {
  /** The caller's address as the server saw it (after TRUST_PROXY handling). */
  ip: string;
}

export interface HandlerContext<S = unknown> {
  locale: Locale;
  t: TFunction;
  ip: string;
  requestId: string;
  url: URL;
  headers: Headers;
  /** Raw session token from the Authorization header, if any. */
  token: string | null;
  /** The resolved session on calls declared with token: true. */
  session: S | null;
  /** Cookies the request carries (name to value). */
  cookies: Record<string, string>;
  /** What the handler adds to a successful answer: headers (Set-Cookie...) and an envelope message. */
  response: { headers: Headers; message?: string };
}

export type Input<C extends CallDef> = { query: z.output<C['query']>; body: z.output<C['body']> };
export type HandlerFn<C extends CallDef> = (input: Input<C>, ctx: HandlerContext) => Promise<z.input<C['value']>> | z.input<C['value']>;

export interface Route<C extends CallDef = CallDef> {
  call: C;
  fn: HandlerFn<C>;
}

/** Pairs a declared call with its handler; the types of input and answer follow the contract. */
export function route<C extends CallDef>(call: C, fn: HandlerFn<C>): Route<C> {
  return { call, fn };
}

export interface DispatcherOptions {
  routes: Route[];
  /** Turns a token into a session, or null when it is unknown or expired. */
  resolveSession?: (token: string, ctx: HandlerContext, o: { slide: boolean }) => Promise<unknown | null>;
  /**
   * Turns the caller's console cookie into a staff session with its roles, or null: for calls
   * declared with `staff` (the console's own, never a member's token).
   */
  resolveStaff?: (ctx: HandlerContext, o: { slide: boolean }) => Promise<{ roles: readonly string[] } | null>;
  /**
   * Opens the body of an enc call (`{ value }` plus the Encryption header) and answers the plain
   * body, or throws ApiError (undecryptable, stale, replayed). Enc calls are refused without it.
   */
  openEnvelope?: (call: CallDef, envelope: { value: string; encryption: string }, ctx: HandlerContext) => Promise<unknown>;
  /** Runs before every call (system status gate); may throw ApiError. */
  beforeCall?: (call: CallDef, ctx: HandlerContext) => Promise<void> | void;
  maxBodyBytes?: number;
  /** Validate answers against the contract too (tests). */
  checkAnswers?: boolean;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/** Builds the fetch-style handler for /wps and /lgw. */
export function createDispatcher(options: DispatcherOptions) {
  const table = new Map<string, Map<Method, Route>>();
  for (const r of options.routes) {
    const byMethod = table.get(r.call.path) ?? new Map<Method, Route>();
    if (byMethod.has(r.call.method)) throw new Error(`Two handlers for ${r.call.method} ${r.call.path}`);
    byMethod.set(r.call.method, r);
    table.set(r.call.path, byMethod);
  }
  const maxBody = options.maxBodyBytes ?? 64 * 1024;

  return async function dispatch(req: Request, meta: RequestMeta): Promise<Response> {
    const url = new URL(req.url);
    const requestId = randomUUID();
    const locale = localeFromApi(req.headers.get('language') ?? url.searchParams.get('language'));
    const ctx: HandlerContext = {
      locale,
      t: getT(locale),
      ip: meta.ip,
      requestId,
      url,
      headers: req.headers,
      token: req.headers.get('authorization')?.trim() || null,
      session: null,
      cookies: parseCookies(req.headers.get('cookie')),
      response: { headers: new Headers() },
    };
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const byMethod = table.get(path);
    const bare = path.startsWith('/lgw/') || path.startsWith('/lotto/lgw/');
    try {
      if (!byMethod) throw new ApiError(404, 'request.not.found');
      const r = byMethod.get(req.method as Method) ?? (req.method === 'HEAD' ? byMethod.get('GET') : undefined);
      if (!r) {
        ctx.response.headers.set('allow', [...byMethod.keys(), ...(byMethod.has('GET') ? ['HEAD'] : [])].join(', '));
        throw new ApiError(405, 'request.method.invalid', { method: req.method });
      }
      checkMerchant(req.headers);
      if (r.call.token) {
        if (!ctx.token) throw new ApiError(401, 'login.not.session');
        ctx.session = (await options.resolveSession?.(ctx.token, ctx, { slide: !r.call.passive })) ?? null;
        if (!ctx.session) throw new ApiError(401, 'user.or.token.invalid');
      }
      if (r.call.staff) {
        const staff = (await options.resolveStaff?.(ctx, { slide: !r.call.passive })) ?? null;
        if (!staff) throw new ApiError(401, 'console.session.none');
        const allowed = r.call.staff;
        if (allowed.length && !staff.roles.includes('owner') && !allowed.some((role) => staff.roles.includes(role))) throw new ApiError(403, 'console.role.denied');
        ctx.session = staff;
      }
      await options.beforeCall?.(r.call, ctx);
      // Real clients send every filter, an empty one meaning "any" (`gameType=`, wire notes): an
      // empty query parameter is an absent one.
      const rawQuery = Object.fromEntries([...url.searchParams].filter(([, v]) => v !== ''));
      refuseBadText(rawQuery, ctx.t);
      const query = parseWith(r.call.query, rawQuery, ctx.t);
      let rawBody = req.method === 'GET' || req.method === 'HEAD' ? {} : await readBody(req, r.call, r.call.maxBodyBytes ?? maxBody);
      if (r.call.enc) rawBody = await openEncrypted(r.call, rawBody, ctx, options.openEnvelope);
      refuseBadText(rawBody, ctx.t);
      const body = parseWith(r.call.body, rawBody, ctx.t);
      // The handler runs as work for this caller (shared machinery below shares capacity by caller).
      const value = await runAsCaller({ ip: ctx.ip }, () => r.fn({ query, body } as never, ctx));
      if (options.checkAnswers) {
        const checked = r.call.value.safeParse(value);
        if (!checked.success) throw new Error(`Answer of ${r.call.name} breaks its contract: ${z.prettifyError(checked.error)}`);
      }
      if (value instanceof FileAnswer) return fileResponse(value, req, ctx);
      if (value instanceof EventStreamAnswer) return eventStreamResponse(value, req, ctx);
      const headers = new Headers(ctx.response.headers);
      for (const [k, v] of Object.entries(JSON_HEADERS)) headers.set(k, v);
      headers.set('x-request-id', requestId);
      const cacheable = r.call.cacheSeconds > 0 && !r.call.token && !headers.has('set-cookie');
      headers.set('cache-control', cacheable ? `public, max-age=${r.call.cacheSeconds}` : 'no-store');
      const envelope: Envelope = { success: true, value };
      if (ctx.response.message) envelope.message = ctx.response.message;
      const payload = r.call.bare ? value : envelope;
      return new Response(req.method === 'HEAD' ? null : JSON.stringify(payload), { status: 200, headers });
    } catch (err) {
      return failure(err, ctx, bare);
    }
  };
}

/**
 * A file answer, streamed: its body goes out as the handler makes it (never cached, saved as an
 * attachment under its name). `X-Accel-Buffering: no` tells a proxy in front, and the node bridge
 * (node-bridge.ts writeResponse), to pass it on as it comes instead of buffering the whole body.
 */
function fileResponse(file: FileAnswer, req: Request, ctx: HandlerContext): Response {
  const headers = new Headers(ctx.response.headers);
  headers.set('content-type', file.contentType);
  // RFC 6266: a plain ASCII name for old clients, the real one (accents) in filename*.
  const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  headers.set('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
  headers.set('cache-control', 'no-store');
  headers.set('x-accel-buffering', 'no');
  headers.set('x-request-id', ctx.requestId);
  if (req.method === 'HEAD') {
    void file.body.cancel();
    return new Response(null, { status: 200, headers });
  }
  return new Response(file.body, { status: 200, headers });
}

/**
 * Server-sent events: never cached, never compressed (the compressing middleware leaves
 * text/event-stream alone, compress.ts) and never buffered by a proxy (`X-Accel-Buffering: no`,
 * which the node bridge also reads to send each event as it comes).
 */
function eventStreamResponse(stream: EventStreamAnswer, req: Request, ctx: HandlerContext): Response {
  const headers = new Headers(ctx.response.headers);
  headers.set('content-type', 'text/event-stream; charset=utf-8');
  headers.set('cache-control', 'no-store');
  headers.set('x-accel-buffering', 'no');
  headers.set('x-request-id', ctx.requestId);
  if (req.method === 'HEAD') {
    void stream.body.cancel();
    return new Response(null, { status: 200, headers });
  }
  return new Response(endedOnDrain(stream.body), { status: 200, headers });
}

/** How soon a client of a stream ended by a graceful stop comes back (through the proxy, to another process). */
const DRAIN_RETRY_MS = 500;

/**
 * A stream that a graceful stop ends (lifecycle.ts): it sends a retry hint and closes, so the
 * client reconnects at once with its Last-Event-ID, on a process that is not stopping.
 */
function endedOnDrain(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let ended = false;
  let forget = () => {};
  const end = (controller: ReadableStreamDefaultController<Uint8Array>, last?: Uint8Array) => {
    if (ended) return;
    ended = true;
    forget();
    if (last) controller.enqueue(last);
    controller.close();
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      forget = onDrain(() => {
        end(controller, new TextEncoder().encode(`retry: ${DRAIN_RETRY_MS}\n\n`));
        void reader.cancel('draining').catch(() => {});
      });
    },
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (ended) return;
        if (done) end(controller);
        else controller.enqueue(value);
      } catch (err) {
        if (ended) return;
        ended = true;
        forget();
        controller.error(err);
      }
    },
    cancel(reason) {
      ended = true;
      forget();
      return reader.cancel(reason);
    },
  });
}

/** Parses a Cookie header; a malformed pair is skipped. */
export function parseCookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const raw of header.split(';')) {
    const part = raw.trim();
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      if (!(name in out)) out[name] = decodeURIComponent(value);
    } catch {
      // not percent-encoded properly: ignore this cookie
    }
  }
  return out;
}

export interface CookieOptions {
  maxAgeSeconds?: number;
  path?: string;
  httpOnly?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
  secure?: boolean;
}

/** Adds a Set-Cookie header to a handler's answer (HttpOnly, SameSite=Strict, Path=/wps unless told). */
export function setCookie(ctx: HandlerContext, name: string, value: string, o: CookieOptions = {}): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${o.path ?? '/wps'}`];
  if (o.maxAgeSeconds !== undefined) parts.push(`Max-Age=${o.maxAgeSeconds}`);
  if (o.httpOnly ?? true) parts.push('HttpOnly');
  parts.push(`SameSite=${o.sameSite ?? 'Strict'}`);
  const secure = o.secure ?? (ctx.url.protocol === 'https:' || ctx.headers.get('x-forwarded-proto') === 'https');
  if (secure) parts.push('Secure');
  ctx.response.headers.append('set-cookie', parts.join('; '));
}

async function openEncrypted(call: CallDef, raw: unknown, ctx: HandlerContext, open: DispatcherOptions['openEnvelope']): Promise<unknown> {
  const encryption = ctx.headers.get('encryption')?.trim();
  const value = raw && typeof raw === 'object' ? (raw as { value?: unknown }).value : undefined;
  const keys = raw && typeof raw === 'object' ? Object.keys(raw) : [];
  if (!open || !encryption || typeof value !== 'string' || keys.length !== 1) {
    throw new ApiError(400, 'request.encryption.required');
  }
  return open(call, { value, encryption }, ctx);
}

function checkMerchant(headers: Headers): void {
  const m = headers.get('merchant');
  if (m === null) return;
  // Node joins repeated headers with ", ": the code must be there exactly once.
  if (m.includes(',') || m.trim().toUpperCase() !== brand().merchantCode) throw new ApiError(400, 'merchant.invalid');
}

async function readBody(req: Request, call: CallDef, maxBody: number): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > maxBody) throw new ApiError(413, 'request.too.large', { max: maxBody });
  const text = await readLimited(req, maxBody);
  if (text.trim() === '') return {};
  const type = req.headers.get('content-type') ?? '';
  if (call.form || type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'request.json.invalid');
  }
}

async function readLimited(req: Request, maxBody: number): Promise<string> {
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBody) {
      await reader.cancel();
      throw new ApiError(413, 'request.too.large', { max: maxBody });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A NUL, or half of a surrogate pair: text no field accepts, and PostgreSQL refuses. */
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string (or key) in `value` that is not valid text, or null. */
export function badTextAt(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return BAD_TEXT.test(value) ? path.join('.') || '_' : null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const at = badTextAt(v, [...path, String(i)]);
      if (at !== null) return at;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (BAD_TEXT.test(k)) return [...path, k.replace(BAD_TEXT, '?')].join('.');
      const at = badTextAt(v, [...path, k]);
      if (at !== null) return at;
    }
  }
  return null;
}

/** Every string of every call is valid Unicode without NUL: refused here, before any handler or the database. */
function refuseBadText(value: unknown, t: TFunction): void {
  const at = badTextAt(value);
  if (at !== null) throw new ApiError(400, 'request.invalid', {}, { [at]: t('errors:field.characters') });
}

/** Validates input against a schema; a refusal names each field with a message in the caller's language. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, t: TFunction): z.output<S> {
  // reportInput: zod 4 leaves the refused value out of its issues otherwise, and a present value
  // of the wrong type would be told it is missing.
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || '_';
    if (fieldErrors[field]) continue;
    fieldErrors[field] = issueMessage(issue, t);
  }
  throw new ApiError(400, 'request.invalid', {}, fieldErrors);
}

/** What is wrong with a field, in words: missing, of the wrong type, too short or long, too small or big, badly formed. */
function issueMessage(issue: z.core.$ZodIssue, t: TFunction): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return t('errors:field.required');
      return t(`errors:field.type.${TYPE_WORDS[issue.expected] ?? 'other'}`);
    case 'too_small':
      if (issue.origin === 'string') return issue.input === '' ? t('errors:field.required') : t('errors:field.tooShort', { min: String(issue.minimum) });
      if (issue.origin === 'array') return t('errors:field.tooFew', { min: String(issue.minimum) });
      return t('errors:field.tooSmall', { min: String(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return t('errors:field.tooLong', { max: String(issue.maximum) });
      if (issue.origin === 'array') return t('errors:field.tooMany', { max: String(issue.maximum) });
      return t('errors:field.tooBig', { max: String(issue.maximum) });
    case 'invalid_format':
      return t('errors:field.format');
    case 'invalid_value':
      return t('errors:field.choice');
    default:
      return t('errors:field.invalid');
  }
}

/** The words for a type a field expected. */
const TYPE_WORDS: Record<string, string> = { string: 'text', number: 'number', int: 'number', bigint: 'number', boolean: 'boolean', array: 'list', object: 'object' };

/**
 * A refusal in the envelope for a request the dispatcher cannot even read (a method a fetch
 * Request cannot carry, such as TRACE; an address that does not parse), in the caller's language.
 */
export function refusal(o: { status: number; errorCode: string; params?: Record<string, string>; language?: string | null; bare?: boolean; headers?: Record<string, string> }): Response {
  const t = getT(localeFromApi(o.language));
  const requestId = randomUUID();
  const message = t(`errors:${o.errorCode}`, { ...o.params, defaultValue: t('errors:unknown') });
  const body = o.bare ? { errorCode: o.errorCode, message } : { success: false, errorCode: o.errorCode, message };
  return new Response(JSON.stringify(body), { status: o.status, headers: { ...JSON_HEADERS, 'cache-control': 'no-store', 'x-request-id': requestId, ...o.headers } });
}

function failure(err: unknown, ctx: HandlerContext, bare: boolean): Response {
  let status = 500;
  let body: Envelope;
  if (err instanceof ApiError) {
    status = err.status;
    const key = `errors:${err.messageKey ?? err.errorCode}`;
    const message = ctx.t(key, { ...err.params, defaultValue: ctx.t('errors:unknown') });
    body = { success: false, errorCode: err.errorCode, message };
    if (err.fieldErrors) body.fieldErrors = err.fieldErrors;
    if (err.value !== undefined) body.value = err.value;
  } else {
    log.error('api.fault', { requestId: ctx.requestId, path: ctx.url.pathname, error: err instanceof Error ? err.stack : String(err) });
    body = { success: false, errorCode: 'system.busy', message: ctx.t('errors:system.busy'), requestId: ctx.requestId };
  }
  const { success: _success, ...bareBody } = body;
  const allow = ctx.response.headers.get('allow');
  return new Response(JSON.stringify(bare ? bareBody : body), {
    status,
    headers: { ...JSON_HEADERS, 'cache-control': 'no-store', 'x-request-id': ctx.requestId, ...(allow ? { allow } : {}) },
  });
}
