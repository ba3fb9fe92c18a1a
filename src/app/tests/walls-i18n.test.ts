/**
 * The string walls (scripts/walls-i18n.ts, issue 27): a feature renders its own namespaces, the
 * kernel's and those of the features before it; catalogue files are read by their owner only.
 */
import { describe, expect, it } from 'vitest';
import { keyOwners, mayUse, namespaceBreaches, namespaceOwners } from '../../../scripts/walls-i18n.ts';

const FEATURES = ['system', 'accounts', 'games', 'wallet', 'play', 'promotions', 'home'];
const owners = namespaceOwners([
  'src/kernel/i18n/en/common.json',
  'src/shell/i18n/en/nav.json',
  'src/features/games/i18n/en/games.json',
  'src/features/play/i18n/en/lobby.json',
  'src/features/promotions/i18n/en/promotions.json',
]);
const check = (path: string, text: string) => namespaceBreaches([{ path, text }], owners, FEATURES).map((b) => b.key);

describe('the string walls', () => {
  it("let a part use the kernel's strings, its own, and those of the features before it", () => {
    expect(check('src/features/play/islands/Tile.tsx', "t('common:demo'); t(`lobby:play`); t('games:title')")).toEqual([]);
    expect(check('src/shell/views/Page.astro', "t('promotions:title'); t('nav:home')")).toEqual([]);
    expect(mayUse('features/home', 'features/promotions', FEATURES)).toBe(true);
  });

  it("refuse a wrong namespace: a later feature's, or the shell's in a feature", () => {
    expect(check('src/features/games/components/GameTile.astro', "{t('lobby:play')}")).toEqual(['features/games -> lobby (ns)']);
    expect(check('src/features/accounts/views/X.astro', 't("promotions:title")')).toEqual(['features/accounts -> promotions (ns)']);
    expect(check('src/features/home/views/HomePage.astro', 't(`nav:cat.${c}`)')).toEqual(['features/home -> nav (ns)']);
  });

  it("refuse another part's catalogue file, imported, globbed or named for its type", () => {
    expect(check('src/features/promotions/islands/labels.ts', "import en from '../../play/i18n/en/lobby.json';")).toEqual(['features/promotions -> lobby (json)']);
    expect(check('src/shell/labels.tsx', "import.meta.glob('../features/games/i18n/*/games.json')")).toEqual(['shell -> games (json)']);
    expect(check('src/features/home/islands/x.ts', "import type t from '#features/play/i18n/en/lobby.json';")).toEqual(['features/home -> lobby (json)']);
    expect(check('src/features/play/islands/lobby/labels.ts', "import.meta.glob('../../i18n/*/lobby.json')")).toEqual([]);
  });

  it("own a namespace that several parts hold a piece of key by key: a feature may not say a later feature's errors", () => {
    const shared = keyOwners([
      { path: 'src/kernel/i18n/en/errors.json', json: { field: { required: 'Required' }, system: { busy: 'Busy' } } },
      { path: 'src/features/wallet/i18n/en/errors.json', json: { wallet: { balance: { insufficient: 'Not enough' } } } },
      { path: 'src/features/promotions/i18n/en/errors.json', json: { promotion: { closed: 'Closed' } } },
    ]);
    const checkShared = (path: string, text: string) => namespaceBreaches([{ path, text }], owners, FEATURES, shared).map((b) => b.key);
    expect(checkShared('src/features/play/server/x.ts', "t('errors:field.required'); t('errors:wallet.balance.insufficient')")).toEqual([]);
    expect(checkShared('src/features/wallet/server/x.ts', "t('errors:promotion.closed')")).toEqual(['features/wallet -> errors:promotion.closed (ns)']);
    // A key built at run time: its fixed start decides when it names one part's piece.
    expect(checkShared('src/features/games/server/x.ts', 't(`errors:wallet.${code}`)')).toEqual(['features/games -> errors:wallet. (ns)']);
    expect(checkShared('src/features/games/server/x.ts', 't(`errors:${code}`)')).toEqual([]);
  });
});
