/**
 * The verify page's form (/play/verify, issue 5), as nanostores advises: one store, actions as
 * plain functions, the component (islands/play/VerifyRound.tsx) only renders. A round's game,
 * seeds, nonce and (optionally) bet, prefilled from the address (the game page's history links
 * here), checked here and then by the public sandboxVerify call, whose answer the page shows.
 * Errors of either check go under their fields.
 */
import { computed, map } from 'nanostores';
import { ApiFailure, type ApiClient } from '../../../kernel/http/client.ts';
import type { ValueOf } from '../../../kernel/contract.ts';
import { sandboxVerify } from '../contract/play.ts';
import { VERIFY_FIELDS, verifyInputFromSearch, verifyIssues, type VerifyInput } from './game-logic.ts';

export type VerifyAnswer = ValueOf<typeof sandboxVerify>;
export type VerifyErrors = Partial<Record<keyof VerifyInput, string>>;

export interface VerifyView {
  input: VerifyInput;
  errors: VerifyErrors;
  busy: boolean;
  /** A refusal that names no field. */
  failure: string;
  /** The address named the seed's hash but not the seed: it is not revealed yet. */
  needsSeed: boolean;
  /** The last answer, with the input it answered (its bet says whether a win was computed). */
  answer: { value: VerifyAnswer; input: VerifyInput } | null;
  /** Grows when focus should move: to the first field in error, or to the result. */
  focus: { count: number; to: keyof VerifyInput | 'result' };
}

/** The words the store says itself (the `play` catalogue's verify section). */
export interface VerifyWords {
  required: string;
  invalid: string;
}

const EMPTY: VerifyInput = { nodeId: '', serverSeed: '', serverSeedHash: '', clientSeed: '', nonce: '', bet: '' };

/** The paylines an answer may carry (asked of the contract): they mark the winning cells. */
const linesOf = (a: VerifyAnswer) => (a as VerifyAnswer & { lines?: number[][] }).lines ?? [];

/** One verify page's store, on `client` (no session: the call is public). */
export function createVerifyRound(o: { client: ApiClient; words: VerifyWords }) {
  const $verify = map<VerifyView>({ input: EMPTY, errors: {}, busy: false, failure: '', needsSeed: false, answer: null, focus: { count: 0, to: 'nodeId' } });
  const get = () => $verify.get();
  const set = (patch: Partial<VerifyView>) => $verify.set({ ...get(), ...patch });
  // A slot round of a game that became a table (a fish game's rounds before it shot) verifies as the slot it was.
  let engine: 'slot' | undefined;
  // A blackjack hand's actions (from its history link): the hand is replayed with them.
  let actions: string | undefined;
  const focusOn = (to: VerifyView['focus']['to']) => set({ focus: { count: get().focus.count + 1, to } });
  const focusFirst = (errors: VerifyErrors) => {
    const first = VERIFY_FIELDS.find((f) => errors[f]);
    if (first) focusOn(first);
  };

  /** Checks `values`, then asks the server; `quiet` (the check of a complete link) moves no focus for the checks or the result. */
  async function check(values: VerifyInput, quiet: boolean): Promise<void> {
    const errors: VerifyErrors = {};
    for (const [k, v] of Object.entries(verifyIssues(values))) errors[k as keyof VerifyInput] = v === 'required' ? o.words.required : o.words.invalid;
    set({ errors, failure: '' });
    if (Object.keys(errors).length) {
      if (!quiet) focusFirst(errors);
      return;
    }
    set({ busy: true });
    try {
      const t = (s: string) => s.trim();
      const value = await o.client.call(sandboxVerify, {
        query: {
          nodeId: t(values.nodeId),
          serverSeed: t(values.serverSeed),
          serverSeedHash: t(values.serverSeedHash) || undefined,
          clientSeed: t(values.clientSeed),
          nonce: t(values.nonce),
          bet: t(values.bet) || undefined,
          ...(engine ? { engine } : {}),
          ...(actions !== undefined ? { actions } : {}),
        },
      });
      set({ answer: { value, input: values } });
      if (!quiet) focusOn('result');
    } catch (err) {
      set({ answer: null });
      // The server's refusals take focus even for a link's check: the player has to act on them.
      if (err instanceof ApiFailure && Object.keys(err.fieldErrors).length) {
        const fe: VerifyErrors = {};
        for (const [k, msg] of Object.entries(err.fieldErrors)) if ((VERIFY_FIELDS as readonly string[]).includes(k)) fe[k as keyof VerifyInput] = msg;
        set({ errors: fe });
        if (Object.keys(fe).length) focusFirst(fe);
        else set({ failure: err.message });
      } else if (err instanceof ApiFailure && err.errorCode === 'game.not.found') {
        set({ errors: { nodeId: err.message } });
        focusOn('nodeId');
      } else {
        set({ failure: err instanceof Error ? err.message : String(err) });
      }
    } finally {
      set({ busy: false });
    }
  }

  /** Prefills the form from the page's address; a complete link (a revealed round) is checked at once. */
  function start(search: string): void {
    const prefilled = verifyInputFromSearch(search);
    engine = new URLSearchParams(search).get('engine') === 'slot' ? 'slot' : undefined;
    const named = new URLSearchParams(search).get('actions');
    actions = named !== null && /^[A-Za-z,]{0,600}$/.test(named) ? named : undefined;
    set({ input: prefilled, needsSeed: !prefilled.serverSeed && !!prefilled.serverSeedHash });
    if (Object.keys(verifyIssues(prefilled)).length === 0) void check(prefilled, true);
  }

  /** A field as typed; typing clears its error. */
  function type(field: keyof VerifyInput, value: string): void {
    const { input, errors } = get();
    set({ input: { ...input, [field]: value }, ...(errors[field] ? { errors: { ...errors, [field]: undefined } } : {}) });
  }

  /** The form's submit (nothing while a check is under way). */
  async function submit(): Promise<void> {
    if (!get().busy) await check(get().input, false);
  }

  /** The answer as the page draws it: the grid's size and the paylines that mark winning cells. */
  const $grid = computed($verify, ({ answer }) => {
    const a = answer?.value;
    return { reels: a?.grid.length ?? 0, rows: a?.grid[0]?.length ?? 0, lines: a ? linesOf(a) : [] };
  });

  return { $verify, $grid, start, type, submit };
}

export type VerifyRound = ReturnType<typeof createVerifyRound>;
