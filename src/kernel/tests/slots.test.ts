import { describe, expect, it } from 'vitest';
import { keyedSlots } from '../slots.ts';

describe('keyed slots', () => {
  it('refuses a second slot for the same key and any slot beyond the total, and frees them on release', () => {
    const slots = keyedSlots({ perKey: 1, total: 2 });
    const a = slots.take('a');
    expect(a).toBeTypeOf('function');
    expect(slots.take('a')).toBeNull();
    const b = slots.take('b');
    expect(b).toBeTypeOf('function');
    expect(slots.take('c')).toBeNull();
    expect(slots.held).toBe(2);
    a!();
    a!(); // a second release changes nothing
    expect(slots.held).toBe(1);
    expect(slots.take('b')).toBeNull();
    const c = slots.take('c');
    expect(c).toBeTypeOf('function');
    expect(slots.take('a')).toBeNull();
    b!();
    c!();
    expect(slots.held).toBe(0);
    expect(slots.take('a')).toBeTypeOf('function');
  });
});
