/** The play feature's browser face: a game's launch as the lobby makes it (the reward centre's free spins open their game with it). */
export { launch, type LaunchOptions } from './islands/lobby/launcher.ts';
/** The game wallet line (money moved into a vendor's wallet and back), for pages that play from a game wallet: the lottery's. */
export { GameWallet, type GameWalletProps, type GameWalletLabels } from './islands/play/GameWallet.tsx';
/** launchGame itself: the lottery pages ask it for a lottery game that a real vendor serves (its own lobby). */
export { launchGame } from './contract/play.ts';
export { verifyHref } from './client/game-logic.ts';
