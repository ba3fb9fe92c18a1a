/** The lottery feature's server face: what later features' server code (the operator console) may use. */
export { cancelDraw } from './server/tickets.ts';
export { runDraws } from './server/draws.ts';
export { LOTTERY_GAMES, lotteryGame } from './server/engine/schedule.ts';
/** Read-only for the console's draw list; only the lottery writes them. */
export { lotteryDraw, lotteryTicket } from './server/tables.ts';
