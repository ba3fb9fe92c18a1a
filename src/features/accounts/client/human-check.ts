/**
 * Human verification before calls that send messages, create accounts or check a password
 * (spec 4): the server's proof-of-work challenge, answered in the browser by the shared solver
 * (src/kernel/pow/pow.ts). Each answer is good for one call.
 */
import { verificationChallenge } from '../contract.ts';
import { solveChallenge } from '../../../kernel/pow/pow.ts';
import type { ApiClient } from '../../../kernel/http/client.ts';

export interface ChallengeAnswer {
  challengeId: string;
  challengeNonce: string;
}

/** Fetches a challenge and answers it. */
export async function humanCheck(api: ApiClient): Promise<ChallengeAnswer> {
  const c = await api.call(verificationChallenge);
  return { challengeId: c.challengeId, challengeNonce: await solveChallenge(c) };
}
