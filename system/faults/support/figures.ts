import fs from 'node:fs';

/** Long runs (`FAULTS_LONG=1`, used by `npm run bench`): more kills, ten minutes of load. */
export const LONG = process.env.FAULTS_LONG === '1';

/** Each scenario's time limit: room for a busy machine in CI, the long runs' minutes. */
export const SCENARIO_TIMEOUT_MS = (LONG ? 45 : 5) * 60_000;

/**
 * Prints a scenario's figures in the test output and, when FAULTS_FIGURES names a file (the
 * bench runner's), appends them there as one JSON line.
 */
export function recordFigures(scenario: string, figures: Record<string, unknown>): void {
  console.log(`[faults] ${scenario}: ${JSON.stringify(figures)}`);
  const file = process.env.FAULTS_FIGURES;
  if (file) fs.appendFileSync(file, `${JSON.stringify({ scenario, long: LONG, ...figures })}\n`);
}

/** Megabytes, one decimal. */
export const mb = (bytes: number | undefined) =>
  bytes === undefined ? undefined : Math.round(bytes / 104_857.6) / 10;
