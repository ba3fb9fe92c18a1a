/**
 * The browser's API client, derived from the contract: `api.call(gameList, { query })` is typed
 * by the call's zod schemas. It sends the headers of the wire notes (Merchant, Language, Device,
 * Authorization), unwraps the envelope, and turns every failure into an ApiFailure whose message
 * is the one to show: the server's, or the spec's network and timeout messages.
 */
import { FetchError, ofetch, type $Fetch } from 'ofetch';
import type { BodyOf, CallDef, Envelope, QueryOf, ValueOf } from '../contract.ts';
import { sessionKey } from '../envelope/contract.ts';
import { ENCRYPTION_HEADER, importPublicKey, sealBody } from '../envelope/crypto.ts';
import { TOKEN_KEY } from './session-keys.ts';

export interface ClientMessages {
  /** 'Network link is abnormal, please try again' in the page's language. */
  network: string;
  /** 'The page took longer time to load, please check your network connectivity'. */
  timeout: string;
  /** 'Unknown error'. */
  unknown: string;
}

export interface ClientOptions {
  merchant: string;
  /** API language code (EN, ES). */
  language: string;
  messages: ClientMessages;
  /** The session token, when there is one. */
  token?: () => string | null;
  /** Headers of every call besides the wire notes' (the live chat's visitor key). */
  extraHeaders?: () => Record<string, string>;
  baseURL?: string;
  timeoutMs?: number;
  /** How long a file download may take (default 5 minutes). */
  downloadTimeoutMs?: number;
  /** A fetch implementation (tests). */
  fetch?: typeof fetch;
}

/** errorCodes after which an encrypted call is sent once more with a freshly fetched key. */
const RETRY_WITH_NEW_KEY = new Set(['request.decrypt.failed']);

/** A refused or failed call, with what the user should be told. */
export class ApiFailure extends Error {
  readonly errorCode: string;
  readonly status: number;
  readonly fieldErrors: Record<string, string>;
  /** The `value` a refusal may carry (e.g. loginFailureValue, ipVerifyValue of contract/accounts.ts). */
  readonly value: unknown;
  constructor(message: string, errorCode: string, status: number, fieldErrors: Record<string, string> = {}, value?: unknown) {
    super(message);
    this.value = value;
    this.name = 'ApiFailure';
    this.errorCode = errorCode;
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

export type CallInput<C extends CallDef> = {
  query?: QueryOf<C>;
  body?: BodyOf<C>;
  /**
   * Lets the request outlive the page (fetch's keepalive): for a call made as the page goes away
   * (pagehide), which no one will wait for. Browsers cap such a body at 64 KB, and only a call
   * that is not encrypted leaves at once (sealing may first wait for the server's key).
   */
  keepalive?: boolean;
};

/** A file a call answered (contract `value: fileAnswer`), read whole in the browser. */
export interface DownloadedFile {
  blob: Blob;
  /** The name the server gave it (Content-Disposition), or ''. */
  fileName: string;
}

export interface ApiClient {
  call<C extends CallDef>(def: C, input?: CallInput<C>): Promise<ValueOf<C>>;
  /** Fetches a call that answers a file (a streamed export); a refusal is an ApiFailure as for `call`. */
  download<C extends CallDef>(def: C, input?: CallInput<C>): Promise<DownloadedFile>;
  /** The headers every call carries (Merchant, Language, Device, the login), for a stream the page opens itself (event-stream.ts). */
  headers(): Record<string, string>;
}

/** The answers that mean the caller's session is over (expired, logged out elsewhere, unknown token). */
const SESSION_ENDED = new Set(['login.not.session', 'user.or.token.invalid']);
const sessionEndedListeners = new Set<(failure: ApiFailure) => void>();
/** A refusal heard before anyone listened (an island's call can run before the shell has loaded). */
let unheard: ApiFailure | null = null;

/** Whether a refusal means the session the call carried has ended (spec 8). */
export function isSessionEnded(err: unknown): err is ApiFailure {
  return err instanceof ApiFailure && err.status === 401 && SESSION_ENDED.has(err.errorCode);
}

/**
 * Hears every call refused because the session it carried has ended (spec 8: any 401 clears the
 * session and says so): the accounts shell registers the one that clears it and tells the player.
 * A refusal that came before the first listener is given to it at once. Answers the function
 * that stops listening.
 */
export function onSessionEnded(listener: (failure: ApiFailure) => void): () => void {
  sessionEndedListeners.add(listener);
  if (unheard) {
    const failure = unheard;
    unheard = null;
    listener(failure);
  }
  return () => sessionEndedListeners.delete(listener);
}

function sessionEnded(failure: ApiFailure): void {
  if (sessionEndedListeners.size === 0) unheard = failure;
  for (const l of sessionEndedListeners) l(failure);
}

/** Creates a client bound to one brand, language and session. */
export function createApiClient(options: ClientOptions): ApiClient {
  const baseHeaders = () => {
    const h: Record<string, string> = { ...options.extraHeaders?.(), Merchant: options.merchant, Language: options.language, Device: 'web' };
    const token = options.token?.();
    if (token) h.Authorization = token;
    return h;
  };
  const $fetch: $Fetch = options.fetch ? ofetch.create({}, { fetch: options.fetch }) : ofetch;
  // The server's public key for enc calls, fetched once and again after a decryption refusal.
  let key: Promise<CryptoKey> | null = null;
  const publicKey = (fresh = false) => {
    if (fresh || !key) {
      key = send(sessionKey, {}).then((k) => importPublicKey(k.publicKey));
      key.catch(() => (key = null));
    }
    return key;
  };

  async function send<C extends CallDef>(def: C, input: CallInput<C>, fresh = false): Promise<ValueOf<C>> {
    const headers = baseHeaders();
    let body: unknown = def.method === 'GET' ? undefined : ((input.body ?? {}) as Record<string, unknown>);
    if (def.enc) {
      const sealed = await sealBody(await publicKey(fresh), def.method, def.path, input.body ?? {});
      headers[ENCRYPTION_HEADER] = sealed.encryption;
      body = { value: sealed.value };
    } else if (def.form && body) {
      body = new URLSearchParams(
        Object.entries(body as Record<string, unknown>)
          .filter(([, v]) => v !== undefined && v !== null)
          .map(([k, v]) => [k, String(v)]),
      );
    }
    let payload: unknown;
    try {
      payload = await $fetch(def.path, {
        baseURL: options.baseURL,
        method: def.method,
        headers,
        query: input.query as Record<string, unknown> | undefined,
        body: body as Record<string, unknown> | undefined,
        timeout: options.timeoutMs ?? 20_000,
        retry: 0,
        ...(input.keepalive ? { keepalive: true } : {}),
      });
    } catch (err) {
      const failure = toFailure(err, options.messages);
      if (def.enc && !fresh && RETRY_WITH_NEW_KEY.has(failure.errorCode)) return send(def, input, true);
      if (headers.Authorization && isSessionEnded(failure)) sessionEnded(failure);
      throw failure;
    }
    if (def.bare) return payload as never;
    const env = payload as Envelope;
    if (!env || env.success !== true) {
      throw new ApiFailure(env?.message || options.messages.unknown, env?.errorCode ?? 'unknown', 200, env?.fieldErrors, env?.value);
    }
    return env.value as never;
  }

  async function download<C extends CallDef>(def: C, input: CallInput<C>): Promise<DownloadedFile> {
    const headers = baseHeaders();
    const url = new URL(def.path, options.baseURL ?? (typeof location !== 'undefined' ? location.origin : 'http://localhost'));
    for (const [k, v] of Object.entries((input.query ?? {}) as Record<string, unknown>)) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    let res: Response;
    try {
      // A file is made while it is sent: it gets longer than an ordinary call.
      res = await (options.fetch ?? fetch)(url, { method: def.method, headers, signal: AbortSignal.timeout(options.downloadTimeoutMs ?? 300_000) });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new ApiFailure(timedOut ? options.messages.timeout : options.messages.network, timedOut ? 'timeout' : 'network', 0);
    }
    if (!res.ok || (res.headers.get('content-type') ?? '').includes('application/json')) {
      const env = (await res.json().catch(() => null)) as Envelope | null;
      const failure = env?.errorCode
        ? new ApiFailure(env.message || options.messages.unknown, env.errorCode, res.status, env.fieldErrors, env.value)
        : new ApiFailure(options.messages.unknown, 'unknown', res.status);
      if (headers.Authorization && isSessionEnded(failure)) sessionEnded(failure);
      throw failure;
    }
    let blob: Blob;
    try {
      blob = await res.blob();
    } catch {
      // The answer broke off while it was being sent.
      throw new ApiFailure(options.messages.network, 'network', 0);
    }
    return { blob, fileName: dispositionName(res.headers.get('content-disposition')) };
  }

  return { call: (def, input = {}) => send(def, input), download: (def, input = {}) => download(def, input), headers: baseHeaders };
}

/** The file name of a Content-Disposition header (its UTF-8 `filename*` first), or ''. */
export function dispositionName(header: string | null): string {
  if (!header) return '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // a malformed name: fall back to the plain one
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? '';
}

function toFailure(err: unknown, messages: ClientMessages): ApiFailure {
  if (err instanceof FetchError) {
    const data = err.data as Envelope | undefined;
    if (err.response && data && typeof data === 'object' && data.errorCode) {
      return new ApiFailure(data.message || messages.unknown, data.errorCode, err.response.status, data.fieldErrors, data.value);
    }
    if (err.cause instanceof Error && (err.cause.name === 'TimeoutError' || err.cause.name === 'AbortError')) {
      return new ApiFailure(messages.timeout, 'timeout', 0);
    }
    if (!err.response) return new ApiFailure(messages.network, 'network', 0);
    return new ApiFailure(messages.unknown, 'unknown', err.response.status);
  }
  return new ApiFailure(messages.network, 'network', 0);
}

/**
 * The client for this page: brand, language and messages come from the JSON the layout embeds
 * (`<script type="application/json" id="client-config">`); the token from session storage.
 */
export function pageApiClient(extraHeaders?: () => Record<string, string>): ApiClient {
  const el = typeof document !== 'undefined' ? document.getElementById('client-config') : null;
  const cfg = el ? (JSON.parse(el.textContent || '{}') as { merchant: string; language: string; messages: ClientMessages }) : null;
  if (!cfg) throw new Error('The page has no client-config element');
  return createApiClient({
    merchant: cfg.merchant,
    language: cfg.language,
    messages: cfg.messages,
    extraHeaders,
    token: () => {
      try {
        return sessionStorage.getItem(TOKEN_KEY);
      } catch {
        return null;
      }
    },
  });
}
