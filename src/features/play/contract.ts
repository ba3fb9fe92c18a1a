/** The play feature's calls (launches, the sandbox game server, the vendors' wallet door): shared by the server and the browser. */
export * from './contract/play.ts';
export * from './contract/vendor-wallet.ts';
