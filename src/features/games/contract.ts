/** The games feature's calls (the catalogue and favourites): shared by the server and the browser. */
export * from './contract/catalogue.ts';
export * from './contract/favourites.ts';
