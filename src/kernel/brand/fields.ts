/** Field types shared by the kernel's part of a brand file and the features' parts. */
import { z } from 'zod';

/** An amount in a brand file, in minor units (cents): whole, not negative, safe as a number; read as a bigint. For the kernel's fields and the features' parts alike. */
export const minorAmount = z
  .number()
  .int()
  .nonnegative()
  .max(Number.MAX_SAFE_INTEGER)
  .transform((n) => BigInt(n));
