/** The news feature as other features see it. */
export { publishNews } from './service';
export { richTextFromMarkdown } from './markdown';
