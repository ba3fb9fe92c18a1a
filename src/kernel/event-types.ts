/**
 * Event declarations, apart from the outbox's machinery (events.ts) so that a feature's
 * contract.ts, which the browser loads too, can declare its events without pulling the database in.
 */
import type { z } from 'zod';

/**
 * An event as its producer declares it, in the producer's contract.ts (issue 27): its kind
 * ('<feature>.<thing>.<fact>'), the version of its payload, and the payload's zod schema. `emit`
 * takes the declaration, so a producer cannot write a field it did not declare, and `on` hands a
 * consumer the parsed payload's type, so a consumer that reads a field the producer does not
 * declare fails the type check. A change of a payload's shape is a new version: the payload is
 * stored with its version (`v`), and a consumer that meets another version than it was built for
 * logs it and leaves the event (nothing is guessed).
 *
 * `message` names the inbox's system message the event becomes for its member (the producer's
 * catalogue key: `<ns>:<key>` with `.title` and `.body`, whose placeholders are payload fields; a
 * test holds them to it). The producer owns those words; the inbox, earlier in the features'
 * order, is handed the declarations by the app and reads none of the producers' code.
 */
export interface EventType<K extends string = string, P extends z.ZodObject = z.ZodObject> {
  kind: K;
  version: number;
  payload: P;
  message?: string;
  /**
   * Its message is marketing (an offer, a reward waiting to be claimed): the inbox writes it as a
   * marketing message, which a member under a player-protection block does not see while the
   * block holds (issue 28).
   */
  marketing?: boolean;
}

export function defineEvent<const K extends string, P extends z.ZodObject>(e: EventType<K, P>): EventType<K, P> {
  return e;
}

/** The key of the stored payload that holds its version. */
export const VERSION_KEY = 'v';
