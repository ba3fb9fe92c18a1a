/** The launch token of a game session: 43 base64url characters (32 random bytes). Its own module so that every part of the contract can name it. */
import { z } from 'zod';

export const launchToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
