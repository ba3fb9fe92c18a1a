/** The settings' checks that stop a start with a message rather than fail later (src/kernel/env.ts). */
import { describe, expect, it } from 'vitest';
import { envSchema, isAddressOrCidr } from '../env.ts';

describe('METRICS_ALLOW', () => {
  it('takes addresses and CIDR ranges of both families', () => {
    for (const ok of ['127.0.0.1', '::1', '10.0.0.0/8', '2001:db8::/32', '0.0.0.0/0']) expect(isAddressOrCidr(ok), ok).toBe(true);
    for (const bad of ['localhost', '10.0.0.0/33', '::/129', '10.0.0.0/abc', '10.0.0.0/8/1', '']) expect(isAddressOrCidr(bad), bad).toBe(false);
  });

  it('refuses a list with a bad entry at start, before any request', () => {
    expect(envSchema.safeParse({ METRICS_ALLOW: '127.0.0.1, 10.0.0.0/8' }).success).toBe(true);
    const bad = envSchema.safeParse({ METRICS_ALLOW: '127.0.0.1,localhost' });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain('CIDR');
  });
});
