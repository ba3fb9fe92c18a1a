/** The content feature's server face: what pages and other features may use. */
export { listPromotions } from './server/documents.ts';
export type { PromotionSummary } from './server/documents.ts';
export { banners, homeNotices } from './server/queries.ts';
export { agentAnnouncements, insertAnnouncements } from './server/announcements.ts';
export { renderMarkdown } from './server/markdown.ts';
export type { AgentNotice } from './server/announcements.ts';
