/**
 * The spine of the house: every call of the API is declared once, with its path, method,
 * whether it needs a session (token) or an encrypted body (enc), and zod schemas of its query,
 * body and answer value. The server dispatcher and the browser client are derived from it.
 */
import { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallDef<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, V extends z.ZodType = z.ZodType> {
  /** Unique name, also the handler's key. */
  name: string;
  method: Method;
  /** Full path, starting with /wps or /lgw. */
  path: string;
  /** A session token is required. */
  token: boolean;
  /**
   * A console call (issue 29): a staff session (the console's cookie, never a member's token) with
   * one of these roles is required; the owner role passes every one. Empty: any staff member.
   */
  staff?: readonly string[];
  /** The body travels encrypted (hybrid RSA-OAEP + AES-256-GCM, see docs/encryption.md). */
  enc: boolean;
  /** /lgw answers bare JSON without the envelope. */
  bare: boolean;
  /** Body is application/x-www-form-urlencoded instead of JSON. */
  form: boolean;
  query: Q;
  body: B;
  value: V;
  /** Seconds a browser or CDN may cache a public answer (0: no-store). */
  cacheSeconds: number;
  /** Largest body this call accepts, when above the dispatcher's default (64 KB). */
  maxBodyBytes?: number;
  /**
   * Made on the caller's behalf rather than by them (a stream that listens, a read mark or a
   * reload a change set off): it checks the session without counting as use, so a window left
   * open does not keep a session from its idle expiry.
   */
  passive?: boolean;
}

type Opt<T, D> = T extends undefined ? D : T;

/** Declares a call; defaults: no token, no enc, empty query and body. */
export function defineCall<Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined, V extends z.ZodType = z.ZodType>(def: {
  name: string;
  method: Method;
  path: string;
  token?: boolean;
  staff?: readonly string[];
  enc?: boolean;
  form?: boolean;
  cacheSeconds?: number;
  maxBodyBytes?: number;
  passive?: boolean;
  query?: Q;
  body?: B;
  value: V;
}): CallDef<Opt<Q, typeof emptyObject>, Opt<B, typeof emptyObject>, V> {
  return {
    token: false,
    enc: false,
    form: false,
    cacheSeconds: 0,
    ...def,
    bare: def.path.startsWith('/lgw/') || def.path.startsWith('/lotto/lgw/'),
    query: (def.query ?? emptyObject) as never,
    body: (def.body ?? emptyObject) as never,
  };
}

/** Unknown keys are dropped rather than refused, as clients of the existing API send extras. */
export const emptyObject = z.object({});

export type QueryOf<C> = C extends CallDef<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<C> = C extends CallDef<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type ValueOf<C> = C extends CallDef<z.ZodType, z.ZodType, infer V> ? z.output<V> : never;

/**
 * The answer of a call that sends a file instead of the envelope (a report as CSV): its body is
 * streamed as it is made, so a large file is never built in memory and other requests are
 * answered between its pages. Refusals before the first byte are still in the envelope. A call
 * declares it with `value: fileAnswer`; the dispatcher sends it as it comes
 * (src/kernel/http/dispatch.ts), the browser saves it with `download` (src/kernel/http/client.ts).
 */
export class FileAnswer {
  readonly body: ReadableStream<Uint8Array>;
  readonly fileName: string;
  readonly contentType: string;
  constructor(body: ReadableStream<Uint8Array>, fileName: string, contentType: string) {
    this.body = body;
    this.fileName = fileName;
    this.contentType = contentType;
  }
}

/** The value schema of a call that answers a streamed file (FileAnswer). */
export const fileAnswer = z.instanceof(FileAnswer);

/**
 * The answer of a call that sends server-sent events (text/event-stream) for as long as the
 * caller listens: the body is the events as they come; cancelling it (the caller went away) is
 * the producer's signal to let go. Refusals before the stream are in the envelope.
 */
export class EventStreamAnswer {
  readonly body: ReadableStream<Uint8Array>;
  constructor(body: ReadableStream<Uint8Array>) {
    this.body = body;
  }
}

/** The value schema of a call that answers server-sent events (EventStreamAnswer). */
export const eventStream = z.instanceof(EventStreamAnswer);

/** The envelope of every /wps answer. */
export interface Envelope<T = unknown> {
  success: boolean;
  value?: T;
  message?: string;
  errorCode?: string;
  /** Field-level messages for a refused body or query: field path to message. */
  fieldErrors?: Record<string, string>;
  /** Present on 500s so that the operator can find the logged fault. */
  requestId?: string;
}

/**
 * The largest value of a PostgreSQL `integer` column. Ids and counts above it name no row: the
 * contract refuses them (400 `request.invalid`) before a query would fail on them (a 500).
 */
export const INT4_MAX = 2_147_483_647;

/** A row id in a JSON body: a whole number from 1 to INT4_MAX. */
export const idField = z.number().int().min(1).max(INT4_MAX);

/** A row id sent as a number or as digits (clients of the existing API send both), answered as a number. */
export const idLike = z
  .union([idField, z.string().regex(/^\d{1,10}$/)])
  .transform((v) => Number(v))
  .pipe(idField);

/** A row id in a query string (text), with the same bounds. */
export const idParam = z.coerce.number().int().min(1).max(INT4_MAX);

/** Query strings arrive as text; this coerces an optional integer with bounds and a default. */
export const intParam = (min: number, max: number, dflt?: number) =>
  dflt === undefined ? z.coerce.number().int().min(min).max(max).optional() : z.coerce.number().int().min(min).max(max).default(dflt);

/**
 * A page size: at least 1, and above `max` taken as `max` rather than refused (real clients ask
 * for 3000 to mean "all there is", wire notes); the answer's totalPages tells the truth.
 */
export const pageSizeParam = (max: number, dflt?: number) => {
  const size = z.coerce
    .number()
    .int()
    .min(1)
    .transform((n) => Math.min(n, max));
  return dflt === undefined ? size.optional() : size.default(dflt);
};

/** A query flag given as 1/0/true/false. */
export const boolParam = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();
