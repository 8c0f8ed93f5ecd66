import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface AxeOptions {
  /** CSS selectors to leave out (e.g. a third-party frame). */
  exclude?: string[];
}

/**
 * Runs axe (WCAG 2.1 A and AA rules) on the page as it is and fails on any serious or critical
 * violation, listing each with its rule, impact and the elements it found. The page must come
 * from `browser.newContext()` (see openPage).
 */
export async function expectAccessible(page: Page, label: string, options: AxeOptions = {}) {
  await animationsSettled(page);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length > 0) {
    const report = bad
      .map(
        (v) =>
          `- ${v.id} (${v.impact}): ${v.help}\n` +
          v.nodes
            .slice(0, 5)
            .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ')}`)
            .join('\n'),
      )
      .join('\n');
    throw new Error(`axe found serious or critical violations on ${label}:\n${report}`);
  }
  return violations;
}

/**
 * Waits until every finite CSS animation and transition has finished (endless ones, such as a
 * glow, are ignored): axe measures colours as painted, so a dialog still fading in would be
 * measured half-transparent over its backdrop and fail contrast by chance.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  );
}
