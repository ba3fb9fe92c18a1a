/**
 * The live chat in the browser (issue 31): one store per chat room. It loads the chat's state,
 * follows the conversation's server-sent events (reconnecting with the last message id, so a drop
 * loses nothing), sends messages with a key of their own (a retry is the same message), marks
 * support's messages read while the page is seen, and tells support the member is typing (at most
 * every three seconds).
 *
 * A visitor's identity is a random key kept in this browser's localStorage (`chat.visitorKey`),
 * sent as X-Chat-Key: it opens that visitor's conversation and nothing else, and after login the
 * conversation joins the member's (claimVisitorChat).
 */
import { map } from 'nanostores';
import { createApiClient, isSessionEnded, pageApiClient, type ApiClient, type ClientMessages } from '../../../kernel/http/client.ts';
import { openEventStream } from '../../../kernel/http/event-stream.ts';
import { storedToken, TOKEN_KEY } from '../../../kernel/http/session-keys.ts';
import {
  CHAT_KEY_HEADER,
  chatClaim,
  chatClose,
  chatHistory,
  chatPicture,
  chatRead,
  chatSend,
  chatSendPicture,
  chatState,
  chatStream,
  chatTyping,
  type ChatConversationView,
  type ChatMessageView,
} from '../contract.ts';

const VISITOR_KEY = 'chat.visitorKey';

function forgetToken(): void {
  try {
    sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // nothing kept
  }
}

function storedVisitorKey(): string | null {
  try {
    const k = localStorage.getItem(VISITOR_KEY);
    return k && /^[0-9a-f]{32}$/.test(k) ? k : null;
  } catch {
    return null;
  }
}

function newVisitorKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const key = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  try {
    localStorage.setItem(VISITOR_KEY, key);
  } catch {
    // a browser that keeps nothing: the key lives as long as the page
  }
  return key;
}

/** The visitor key to send: the stored one, unless the caller is a member. */
function chatHeaders(visitorKey: () => string | null): Record<string, string> {
  const k = storedToken() ? null : visitorKey();
  return k ? { [CHAT_KEY_HEADER]: k } : {};
}

/** After a login: the chat this browser had as a visitor joins the member's (then the key is forgotten). */
export async function claimVisitorChat(api?: ApiClient): Promise<void> {
  const key = storedVisitorKey();
  if (!key || !storedToken()) return;
  const client = api ?? pageApiClient(() => ({ [CHAT_KEY_HEADER]: key }));
  await client.call(chatClaim);
  try {
    localStorage.removeItem(VISITOR_KEY);
  } catch {
    // nothing to forget
  }
}

/** A visitor's name and contact as typed: an empty one is not given (the server says which is missing, under its field). */
function given(who?: { name: string; contact: string }): { name?: string; contact?: string } {
  const name = who?.name.trim();
  const contact = who?.contact.trim();
  return { ...(name ? { name } : {}), ...(contact ? { contact } : {}) };
}

/** A file's bytes as base64 (what the picture call carries). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export interface ChatRoomState {
  phase: 'loading' | 'ready' | 'failed';
  error: string;
  enabled: boolean;
  identity: 'member' | 'visitor' | 'none';
  conversation: ChatConversationView | null;
  messages: ChatMessageView[];
  earlier: { id: number; createdAt: number; closedAt: number | null; preview: string }[];
  hours: { open: boolean; nextOpen: number | null; text: string | null };
  waitMinutes: number | null;
  maxLength: number;
  /** Support is typing (for a few seconds after each sign). */
  typing: boolean;
  /** The live stream is connected. */
  live: boolean;
  sending: boolean;
}

export interface ChatRoomOptions {
  merchant: string;
  language: string;
  messages: ClientMessages;
}

const TYPING_SHOWN_MS = 5000;
const TYPING_EVERY_MS = 3000;

export function createChatRoom(o: ChatRoomOptions) {
  let visitorKey = storedVisitorKey();
  const headers = () => chatHeaders(() => visitorKey);
  const api = createApiClient({ ...o, token: storedToken, extraHeaders: headers });
  const $room = map<ChatRoomState>({
    phase: 'loading',
    error: '',
    enabled: true,
    identity: 'none',
    conversation: null,
    messages: [],
    earlier: [],
    hours: { open: true, nextOpen: null, text: null },
    waitMinutes: null,
    maxLength: 1000,
    typing: false,
    live: false,
    sending: false,
  });
  let closeStream: (() => void) | null = null;
  let streamOf: number | null = null;
  let typingTimer: ReturnType<typeof setTimeout> | null = null;
  let lastTypingSent = 0;
  let readSent = 0;

  function addMessages(list: ChatMessageView[]) {
    const byId = new Map($room.get().messages.map((m) => [m.id, m]));
    for (const m of list) byId.set(m.id, m);
    $room.setKey(
      'messages',
      [...byId.values()].sort((a, b) => a.id - b.id),
    );
    markRead();
  }

  /** Marks support's messages read while the page is seen. */
  function markRead() {
    const s = $room.get();
    if (!s.conversation || typeof document === 'undefined' || document.visibilityState !== 'visible') return;
    const last = s.messages.at(-1)?.id ?? 0;
    if (last <= Math.max(readSent, s.conversation.memberReadId)) return;
    readSent = last;
    void api.call(chatRead, { body: { upTo: last } }).catch(() => undefined);
  }

  function follow(conversationId: number) {
    if (streamOf === conversationId && closeStream) return;
    closeStream?.();
    streamOf = conversationId;
    const last = $room.get().messages.at(-1)?.id;
    closeStream = openEventStream({
      url: chatStream.path,
      headers: () => {
        const h: Record<string, string> = { ...headers(), Merchant: o.merchant, Language: o.language, Device: 'web' };
        const token = storedToken();
        if (token) h.Authorization = token;
        return h;
      },
      lastEventId: last ? String(last) : undefined,
      onOpenChange: (live) => $room.setKey('live', live),
      onRefused: () => $room.setKey('live', false),
      onEvent: (event, data) => {
        if (event === 'message') {
          const m = data as ChatMessageView;
          if (m.author === 'staff') $room.setKey('typing', false);
          addMessages([m]);
        } else if (event === 'state') {
          const c = data as ChatConversationView;
          if ($room.get().conversation?.id === c.id) $room.setKey('conversation', c);
        } else if (event === 'typing') {
          $room.setKey('typing', true);
          if (typingTimer) clearTimeout(typingTimer);
          typingTimer = setTimeout(() => $room.setKey('typing', false), TYPING_SHOWN_MS);
        }
      },
    });
  }

  async function load() {
    try {
      if (storedToken() && visitorKey) {
        // Logged in since this browser chatted as a visitor: that chat joins the member's.
        await claimVisitorChat(createApiClient({ ...o, token: storedToken, extraHeaders: () => ({ [CHAT_KEY_HEADER]: visitorKey! }) })).catch(() => undefined);
        visitorKey = storedVisitorKey();
      }
      let s;
      try {
        s = await api.call(chatState);
      } catch (err) {
        // A session that ended elsewhere (a logout in the site's tab): this window chats as a visitor.
        if (!isSessionEnded(err)) throw err;
        forgetToken();
        s = await api.call(chatState);
      }
      $room.set({ ...$room.get(), ...s, phase: 'ready', error: '' });
      readSent = 0;
      markRead();
      if (s.conversation) follow(s.conversation.id);
    } catch (err) {
      $room.set({ ...$room.get(), phase: 'failed', error: (err as Error).message });
    }
  }

  async function send(text: string, who?: { name: string; contact: string }, picture?: File) {
    const s = $room.get();
    if (s.identity !== 'member' && !visitorKey) visitorKey = newVisitorKey();
    const clientKey = `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
    $room.setKey('sending', true);
    try {
      const r = picture
        ? await api.call(chatSendPicture, { body: { data: await base64Of(picture), clientKey, ...given(who) } })
        : await api.call(chatSend, { body: { body: text, clientKey, ...given(who) } });
      const fresh = s.conversation?.id !== r.conversation.id;
      if (fresh) {
        // A new conversation: what it holds now (the system's line about the wait too) comes with its state.
        const next = await api.call(chatState);
        $room.set({ ...$room.get(), ...next });
        follow(r.conversation.id);
      } else {
        $room.setKey('conversation', r.conversation);
        addMessages([r.message]);
      }
    } finally {
      $room.setKey('sending', false);
    }
  }

  function typing() {
    const now = Date.now();
    if (!$room.get().conversation || now - lastTypingSent < TYPING_EVERY_MS) return;
    lastTypingSent = now;
    void api.call(chatTyping).catch(() => undefined);
  }

  async function end() {
    await api.call(chatClose);
    const next = await api.call(chatState);
    $room.set({ ...$room.get(), ...next });
  }

  const history = (id: number) => api.call(chatHistory, { query: { conversation: id } });

  /** A picture of the conversation, fetched with the caller's identity (an object URL; the caller revokes it). */
  const pictureUrl = async (messageId: number) => URL.createObjectURL((await api.download(chatPicture, { query: { id: messageId } })).blob);

  function onVisible() {
    if (document.visibilityState === 'visible') markRead();
  }

  function start() {
    document.addEventListener('visibilitychange', onVisible);
    void load();
  }

  function stop() {
    document.removeEventListener('visibilitychange', onVisible);
    closeStream?.();
    closeStream = null;
    streamOf = null;
  }

  return { $room, start, stop, send, typing, end, history, pictureUrl, reload: load };
}

export type ChatRoom = ReturnType<typeof createChatRoom>;
