/** Debian's Chromium through playwright-core, headless, with a fresh profile per launch. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const HEADLESS_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchOptions {
  /** A y4m file Chromium plays as its camera (camera permission granted without a prompt). */
  fakeCamera?: string;
}

/** A new Chromium (its own temporary profile, so every launch starts fresh). */
export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const camera = options.fakeCamera
    ? [
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${options.fakeCamera}`,
      ]
    : [];
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...HEADLESS_ARGS, ...camera] });
}

export const MOBILE = { width: 360, height: 780 } as const;
export const DESKTOP = { width: 1280, height: 860 } as const;

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** The browser's language; the app starts in German for de-DE. */
  locale?: string;
  /** Permissions to grant (e.g. ['camera']). */
  permissions?: string[];
}

/**
 * A page in a new context (axe needs one from `browser.newContext()`): its own cookies and
 * storage. Page errors are collected so a journey can assert there were none.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? DESKTOP,
    locale: options.locale ?? 'de-DE',
    permissions: options.permissions,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * Waits until no overlay (dialog, menu, search bar) holds a history entry any more. A closed
 * overlay takes its entry off with `history.back()` a moment later; a `page.goto` sent before
 * that is cancelled by the traversal (net::ERR_ABORTED). A player typing an address never races it.
 */
export async function overlaysClosed(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const state: unknown = window.history.state;
    return !(typeof state === 'object' && state !== null && 'arcadiaOverlay' in state);
  });
}
