/**
 * Platform messages (spec 1, 2.4, 2.14, 7; issue 15): a member's inbox, its unread count, and
 * reading and deleting messages. `CSP_unreadCount` answers a bare number in `value`, as real
 * clients read it (wire notes). The list, read and delete calls are our own (the spec names none):
 * `/wps/member/messages...`, in the envelope. Every call needs a real member's session: a trial
 * account's unread count is 0 (spec 6: trial users load no unread messages) and its list empty.
 */
import { z } from 'zod';
import { defineCall, idField, intParam, pageSizeParam } from '../../kernel/contract.ts';

export const unreadCount = defineCall({
  name: 'CSP_unreadCount',
  method: 'GET',
  path: '/wps/relay/CSP_unreadCount',
  token: true,
  value: z.number().int(),
});

export const inboxItem = z.object({
  id: z.number().int(),
  /** system (written by the platform) or operator. */
  kind: z.enum(['system', 'operator', 'marketing']),
  title: z.string(),
  /** Plain text (line breaks kept); never HTML. */
  body: z.string(),
  read: z.boolean(),
  /** Sent, ms. */
  time: z.number(),
  isDemo: z.boolean(),
});
export type InboxItem = z.infer<typeof inboxItem>;

export const inboxList = defineCall({
  name: 'inboxList',
  method: 'GET',
  path: '/wps/member/messages',
  token: true,
  query: z.object({ pageNo: intParam(1, 100_000, 1), pageSize: pageSizeParam(50, 10) }),
  value: z.object({ content: z.array(inboxItem), pageNum: z.number().int(), totalPages: z.number().int(), totalCount: z.number().int(), unread: z.number().int() }),
});

const ids = z.array(idField).max(200);

/** Marks messages read (`ids`, or `all`); answers the unread count after. Ids that are not the caller's are ignored. */
export const inboxRead = defineCall({
  name: 'inboxRead',
  method: 'POST',
  path: '/wps/member/messages/read',
  token: true,
  body: z.object({ ids: ids.default([]), all: z.boolean().default(false) }),
  value: z.object({ unread: z.number().int() }),
});

/** Deletes messages from the caller's inbox; answers the unread count after. */
export const inboxDelete = defineCall({
  name: 'inboxDelete',
  method: 'POST',
  path: '/wps/member/messages/delete',
  token: true,
  body: z.object({ ids: ids.min(1) }),
  value: z.object({ unread: z.number().int() }),
});

export const inboxCalls = [unreadCount, inboxList, inboxRead, inboxDelete];
