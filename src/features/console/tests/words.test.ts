/** The console's command line is split as a shell splits plain text (quotes keep a phrase together). */
import { describe, expect, it } from 'vitest';
import { words } from '../client/console.ts';

describe('words of a command line', () => {
  it('splits on spaces and keeps quoted phrases whole, without their quotes', () => {
    expect(words('  message send  --title "Hello there" --body \'a, b\'  ')).toEqual(['message', 'send', '--title', 'Hello there', '--body', 'a, b']);
    expect(words('adjust --amount -3.00')).toEqual(['adjust', '--amount', '-3.00']);
    expect(words('brand flag ""')).toEqual(['brand', 'flag', '']);
    expect(words('   ')).toEqual([]);
  });
});
