/** The news feature as other features see it. */
export { publishNews } from './service';
export { richTextFromMarkdown } from './rich-text';
export { assetUrl, prepareImage, storeImage, type PreparedImage } from './stored-images';
