/**
 * Customer service (issue 31), stage 1: the member centre's feedback form (spec 2.14 and 5:
 * `PUT /wps/feedback`, a question type, content up to 140 characters, up to three png or jpg
 * images of 5 MB each) and the member's list of their feedback with its state and answer. The
 * answer is written by support in the operator console and arrives as a platform message too.
 * Images travel as base64 in the JSON body (as the content studio's uploads do) and are judged by
 * their bytes, never by their name.
 */
import { z } from 'zod';
import { defineCall, eventStream, fileAnswer, idParam } from '../../kernel/contract.ts';
import { LIVE_CHAT_PATH } from '../../kernel/constants.ts';

/** The limits the spec states (the brand may lower the count or the length, not raise them). */
export const FEEDBACK_MAX_CONTENT = 140;
export const FEEDBACK_MAX_IMAGES = 3;
export const FEEDBACK_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Base64 of the largest image and a tenth more, read in full so that a picture a little too large is told so in words. */
const IMAGE_BASE64_MAX = Math.ceil((1.1 * FEEDBACK_IMAGE_MAX_BYTES * 4) / 3) + 200;

export const feedbackImageInput = z.object({ name: z.string().max(300), data: z.string().min(1).max(IMAGE_BASE64_MAX) });

export const feedbackView = z.object({
  id: z.number(),
  type: z.string(),
  content: z.string(),
  /** open (waiting for support) or answered. */
  status: z.enum(['open', 'answered']),
  createdAt: z.number(),
  answer: z.string().nullable(),
  answeredAt: z.number().nullable(),
  /** Its pictures (re-encoded as WebP, metadata dropped), fetched with feedbackImage. */
  images: z.array(z.object({ id: z.number(), width: z.number(), height: z.number() })),
});
export type FeedbackView = z.infer<typeof feedbackView>;

/** Sends a feedback (spec's `PUT /wps/feedback`). */
export const feedbackSubmit = defineCall({
  name: 'feedbackSubmit',
  method: 'PUT',
  path: '/wps/feedback',
  token: true,
  maxBodyBytes: FEEDBACK_MAX_IMAGES * IMAGE_BASE64_MAX + 16 * 1024,
  body: z.object({
    type: z.string().trim().min(1).max(32),
    content: z.string().trim().min(1).max(FEEDBACK_MAX_CONTENT),
    images: z.array(feedbackImageInput).max(FEEDBACK_MAX_IMAGES).default([]),
  }),
  value: feedbackView,
});

/** The member's feedback, newest first, with the question types the brand offers. */
export const feedbackList = defineCall({
  name: 'feedbackList',
  method: 'GET',
  path: '/wps/feedback/mine',
  token: true,
  value: z.object({ items: z.array(feedbackView), types: z.array(z.string()), maxContent: z.number(), maxImages: z.number() }),
});

/** One picture of the member's own feedback (WebP); anyone else's is not found. */
export const feedbackImage = defineCall({ name: 'feedbackImage', method: 'GET', path: '/wps/feedback/image', token: true, query: z.object({ id: idParam }), value: fileAnswer });

/* ---- The live chat (issue 31, stage 2) ---- */

/**
 * Who speaks: the member or the visitor on the other side, support (`staff`; the member never
 * learns which staff member), the system (the wait, out of hours, closed), or a note staff keep
 * among themselves (never sent to the member).
 */
export const chatAuthor = z.enum(['member', 'visitor', 'staff', 'system', 'note']);

export const chatMessageView = z.object({
  id: z.number(),
  author: chatAuthor,
  /** The staff member's name: in the console only. */
  staffName: z.string().nullable(),
  /** Plain text (links are made clickable by the reader, never HTML); a system message's catalogue key is already in words. */
  body: z.string(),
  /** A picture the message carries (fetched with chatPicture, or the console's call), WebP. */
  picture: z.object({ width: z.number(), height: z.number() }).nullable(),
  createdAt: z.number(),
});
export type ChatMessageView = z.infer<typeof chatMessageView>;

export const chatConversationView = z.object({
  id: z.number(),
  /** waiting (no one has taken it yet), open (support has it), closed. */
  status: z.enum(['waiting', 'open', 'closed']),
  createdAt: z.number(),
  closedAt: z.number().nullable(),
  /** The last message id each side has seen (sent and read marks). */
  memberReadId: z.number(),
  staffReadId: z.number(),
});
export type ChatConversationView = z.infer<typeof chatConversationView>;

/**
 * The chat's calls and its page answer through maintenance and region blocks: those screens send
 * people to it (the status gate of src/app lets them through).
 */
export const CHAT_API_PREFIX = '/wps/chat/';
export const CHAT_PAGE = LIVE_CHAT_PATH;

/** An identity for a visitor's chat: 32 hex characters the browser makes and keeps (X-Chat-Key); the server keeps its hash. */
export const CHAT_KEY_HEADER = 'x-chat-key';
export const chatKeyPattern = /^[0-9a-f]{32}$/;

/** The chat as its member or visitor sees it: the current conversation and its messages, earlier ones, the hours and the wait. */
export const chatState = defineCall({
  name: 'chatState',
  method: 'GET',
  path: '/wps/chat/state',
  passive: true,
  value: z.object({
    enabled: z.boolean(),
    /** member (a session), visitor (a key with a conversation), none (a visitor yet to say who they are). */
    identity: z.enum(['member', 'visitor', 'none']),
    conversation: chatConversationView.nullable(),
    messages: z.array(chatMessageView),
    earlier: z.array(z.object({ id: z.number(), createdAt: z.number(), closedAt: z.number().nullable(), preview: z.string() })),
    /** Whether people answer now; when not, when they next do (ms) and the hours in words. */
    hours: z.object({ open: z.boolean(), nextOpen: z.number().nullable(), text: z.string().nullable() }),
    /** Estimated minutes before support answers a new or waiting chat, while open; null out of hours. */
    waitMinutes: z.number().nullable(),
    maxLength: z.number(),
  }),
});

/** Sends a message (a visitor's first one says who they are); starts a conversation when none is open. The same clientKey twice is one message. */
export const chatSend = defineCall({
  name: 'chatSend',
  method: 'POST',
  path: '/wps/chat/send',
  body: z.object({
    body: z.string().trim().min(1).max(4000),
    clientKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    name: z.string().trim().min(1).max(60).optional(),
    contact: z.string().trim().min(3).max(120).optional(),
  }),
  value: z.object({ conversation: chatConversationView, message: chatMessageView }),
});

/** A picture as a message (png, jpg or webp judged by its bytes, at most 5 MB; re-encoded, private to the conversation). */
export const chatSendPicture = defineCall({
  name: 'chatSendPicture',
  method: 'POST',
  path: '/wps/chat/picture',
  maxBodyBytes: IMAGE_BASE64_MAX + 4 * 1024,
  body: z.object({
    data: z.string().min(1).max(IMAGE_BASE64_MAX),
    clientKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    name: z.string().trim().min(1).max(60).optional(),
    contact: z.string().trim().min(3).max(120).optional(),
  }),
  value: z.object({ conversation: chatConversationView, message: chatMessageView }),
});

/** A picture of the caller's own conversation (a message id); anyone else's is not found. */
export const chatPicture = defineCall({ name: 'chatPicture', method: 'GET', path: '/wps/chat/picture', passive: true, query: z.object({ id: idParam }), value: fileAnswer });

/** Marks what the member or visitor has read (up to a message id of their conversation). */
export const chatRead = defineCall({ name: 'chatRead', method: 'POST', path: '/wps/chat/read', passive: true, body: z.object({ upTo: z.number().int().min(0) }), value: z.object({}) });

/** Says the member or visitor is typing (shown to support for a few seconds). */
export const chatTyping = defineCall({ name: 'chatTyping', method: 'POST', path: '/wps/chat/typing', value: z.object({}) });

/** Ends the current conversation (the member or visitor is done). */
export const chatClose = defineCall({ name: 'chatClose', method: 'POST', path: '/wps/chat/close', value: z.object({}) });

/** An earlier conversation's messages (the caller's own only). */
export const chatHistory = defineCall({
  name: 'chatHistory',
  method: 'GET',
  path: '/wps/chat/history',
  passive: true,
  query: z.object({ conversation: idParam }),
  value: z.object({ conversation: chatConversationView, messages: z.array(chatMessageView) }),
});

/** A member just logged in joins the chat they had as a visitor (X-Chat-Key) to their own. */
export const chatClaim = defineCall({ name: 'chatClaim', method: 'POST', path: '/wps/chat/claim', token: true, value: z.object({ joined: z.number() }) });

/**
 * The conversation's events as they happen (server-sent events): `message` (id: the message's
 * id), `typing`, `read`, `state`. Reconnecting with Last-Event-ID (or `after`) sends what was missed.
 */
export const chatStream = defineCall({
  name: 'chatStream',
  method: 'GET',
  path: '/wps/chat/stream',
  passive: true,
  query: z.object({ after: z.coerce.number().int().min(0).optional() }),
  value: eventStream,
});

/**
 * The live-streamer calls of the spec (section 7: "model list and launch chat under
 * /wps/relay/CBS_", launch chat answering `value.chatUrl`; their names, methods and list shape are
 * not shown). This product has no live streamers: the model list is honestly empty, and launching
 * a chat answers the address of our own live chat with support (the status call's LIVECHAT path),
 * so a client that asks for a chat gets one that answers.
 */
export const liveModelList = defineCall({ name: 'liveModelList', method: 'GET', path: '/wps/relay/CBS_getModelList', token: true, value: z.array(z.object({ id: z.string(), name: z.string() })) });
export const liveLaunchChat = defineCall({ name: 'liveLaunchChat', method: 'POST', path: '/wps/relay/CBS_launchChat', token: true, value: z.object({ chatUrl: z.string() }) });

export const CHAT_CALLS = [liveModelList, liveLaunchChat, chatState, chatSend, chatSendPicture, chatPicture, chatRead, chatTyping, chatClose, chatHistory, chatClaim, chatStream];

export const supportCalls = [feedbackSubmit, feedbackList, feedbackImage, ...CHAT_CALLS];
