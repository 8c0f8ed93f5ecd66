import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './server';

export const SCREENSHOT_DIR = path.join(repoRoot, 'test-output/screenshots');

/**
 * Saves a full-page PNG as `test-output/screenshots/{name}-{width}.png` (after the page has
 * settled: network idle and fonts ready). Returns the file.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // At most a few seconds: a registered player's page keeps the live channel (GET /api/live)
  // open, so the network never goes idle and the wait would last the whole navigation timeout.
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  // (a string: the page's DOM types are not part of this node program)
  await page.evaluate('document.fonts.ready.then(() => undefined)');
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(SCREENSHOT_DIR, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}
