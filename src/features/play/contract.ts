/** The play feature's calls (launches, the sandbox game server, the vendors' wallet door) and the table games' rules: shared by the server and the browser. */
export * from './contract/play.ts';
export * from './contract/vendor-wallet.ts';
export * from './contract/tables.ts';
export * from './contract/live.ts';
export * from './contract/sports.ts';
export * from './contract/blackjack.ts';
