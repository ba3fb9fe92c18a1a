/** The content feature's server face: what pages and other features may use. */
export {
  helpSections,
  lastPublished,
  previewValid,
  listPromotions,
  onContentChange,
  pageShowsChange,
  promotions,
  refreshContent,
  reloadContent,
  helpLoader,
  promotionLoader,
  kindPage,
} from './server/live.ts';
export type { ContentChangeNote, LiveData, LiveFilter } from './server/live.ts';
export type { PromotionSummary } from './server/documents.ts';
export {
  CONTENT_KINDS,
  PAGE_KINDS,
  sourceLocale,
  KIND_SCHEMAS,
  changesOf,
  createPreview,
  entryDetail,
  listEntries,
  publishVersion,
  rollBack,
  saveVersion,
  stateOf,
  unpublish,
  unschedule,
  versionDetail,
} from './server/studio.ts';
export type { ContentKind, EntrySummary, VersionDetail, VersionInfo } from './server/studio.ts';
export { importDocuments, provideMinimumAge, seedDocuments } from './server/transfer.ts';
export { adoptLegacyRows } from './server/adopt.ts';
export { homePreview } from './server/home-preview.ts';
export { banners, homeNotices } from './server/queries.ts';
export { IMAGE_LIMITS, listImages, mediaFile, renderDocument, uploadImage } from './server/images.ts';
export type { ImageView } from './server/images.ts';
export { agentAnnouncements, insertAnnouncements } from './server/announcements.ts';
export { renderMarkdown } from './server/markdown.ts';
export type { AgentNotice } from './server/announcements.ts';
