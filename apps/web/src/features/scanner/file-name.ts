import { FILE_NAME_KEEP, FILE_NAME_MAX_SHOWN } from '@arcadia/contracts';

/** A name longer than 20 characters is shown as its first 8 and last 8 (spec §9). */
export function shortenFileName(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= FILE_NAME_MAX_SHOWN) return name;
  return `${chars.slice(0, FILE_NAME_KEEP).join('')}...${chars.slice(-FILE_NAME_KEEP).join('')}`;
}
