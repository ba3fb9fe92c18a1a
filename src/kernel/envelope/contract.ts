/** The call that hands the browser the envelope's public key (`./crypto.ts` seals bodies with it). */
import { z } from 'zod';
import { defineCall } from '../contract.ts';

export const sessionKey = defineCall({
  name: 'sessionKey',
  method: 'GET',
  path: '/wps/session/key/rsa',
  cacheSeconds: 300,
  value: z.object({
    /** Identifies the key pair (first 16 hex digits of SHA-256 of the SPKI). */
    keyId: z.string(),
    /** RSA public key, SPKI DER in base64. */
    publicKey: z.string(),
    algorithm: z.literal('RSA-OAEP-256+A256GCM'),
    /** How far (s) the sealed timestamp may be from the server's clock. */
    maxSkewSeconds: z.number().int(),
  }),
});
