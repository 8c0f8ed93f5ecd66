/** The news feature as other features see it. */
export { publishNews } from './service';
export { richTextFromMarkdown } from './markdown';
export {
  createArticle,
  deleteArticle,
  editorialArticle,
  editorialList,
  previewEntry,
  publishArticle,
  releaseDueNews,
  unpublishArticle,
  updateArticle,
} from './editorial';
export { assetUrl, prepareImage, storeImage, type PreparedImage } from './stored-images';
export { newsPageHints } from './page-hints';
