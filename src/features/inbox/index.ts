/** The inbox feature's server face: what other features' server code may use. */
export { recentOperatorMessages, sendOperatorMessage, sendSystemMessage, unreadOf } from './server/inbox.ts';
