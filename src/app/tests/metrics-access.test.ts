/** Who may read /metrics (src/app/metrics.ts): the allow-list's addresses and ranges, v4, v6 and v4 mapped into v6. */
import { describe, expect, it } from 'vitest';
import { allowed, allowList } from '../metrics.ts';

describe('the metrics allow-list', () => {
  it('takes this machine by default, in each form Node reports it', () => {
    const list = allowList('127.0.0.1,::1');
    expect(allowed(list, '127.0.0.1')).toBe(true);
    expect(allowed(list, '::ffff:127.0.0.1')).toBe(true);
    expect(allowed(list, '::1')).toBe(true);
    expect(allowed(list, '127.0.0.2')).toBe(false);
    expect(allowed(list, '203.0.113.9')).toBe(false);
    expect(allowed(list, undefined)).toBe(false);
    expect(allowed(list, 'not-an-address')).toBe(false);
  });

  it('takes CIDR ranges of both families', () => {
    const list = allowList(' 10.0.0.0/8 , 2001:db8::/32');
    expect(allowed(list, '10.20.30.40')).toBe(true);
    expect(allowed(list, '::ffff:10.1.2.3')).toBe(true);
    expect(allowed(list, '11.0.0.1')).toBe(false);
    expect(allowed(list, '2001:db8:1::5')).toBe(true);
    expect(allowed(list, '2001:db9::1')).toBe(false);
  });

  it('refuses a setting that is not an address, naming it', () => {
    expect(() => allowList('127.0.0.1,localhost')).toThrow(/'localhost' is not an address/);
  });
});
