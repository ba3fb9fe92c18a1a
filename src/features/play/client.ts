/** The play feature's browser face: a game's launch as the lobby makes it (the reward centre's free spins open their game with it). */
export { launch, type LaunchOptions } from './islands/lobby/launcher.ts';
