/**
 * The spec's request for a header image (jpg, progressive, quality 50, width 1000). Written here,
 * not imported, to keep the contracts (and zod) out of the home page's first bundle;
 * image-url.test.ts checks it equals the contract's `newsImageUrl`.
 */
export function headerImageUrl(url: string, width = 1000): string {
  return `${url}?fm=jpg&fl=progressive&q=50&w=${width}`;
}
