import { randomUUID } from 'node:crypto';
import type {
  DeviceClaims,
  DevicePlayers,
  GameReportInput,
  GameType,
  IngestedGameResponse,
} from '@arcadia/contracts';
import { DeviceApiError, type DeviceClient } from './client';
import { simulateMatch, type Rng } from './simulate';

export interface RunMatchOptions {
  type: GameType;
  /** Registered players needed before the match starts. */
  minPlayers?: number;
  /** How long the simulated match runs. */
  matchSeconds?: number;
  /** Waiting time after enough players joined, so friends can still join. */
  lobbySeconds?: number;
  /** Guests fill the match up to this many players (default: the device's capacity). */
  fillTo?: number;
  mapIds?: string[];
  rng?: Rng;
  /** After the report, ask for the guests' claim codes (MatchResult.claims). */
  claims?: boolean;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

export interface MatchResult {
  roster: DevicePlayers;
  report: GameReportInput;
  game: IngestedGameResponse;
  created: boolean;
  /** The guests' claim codes, with `claims`; null without, or when the server refused them. */
  claims: DeviceClaims | null;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Long-polls the device's roster until at least `min` players are on it. */
export async function waitForPlayers(
  client: DeviceClient,
  min: number,
  signal?: AbortSignal,
  log?: (line: string) => void,
): Promise<DevicePlayers> {
  let roster = await client.players();
  while (roster.players.length < min || roster.matchStartedAt) {
    signal?.throwIfAborted();
    log?.(`waiting for players (${roster.players.length}/${min})`);
    roster = await client.players({ since: roster.version, wait: 25, signal });
  }
  return roster;
}

/** Reports, retrying network failures and 5xx with the same idempotency key. */
async function reportWithRetry(client: DeviceClient, report: GameReportInput, tries = 4) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await client.report(report);
    } catch (error) {
      const retriable = !(error instanceof DeviceApiError) || error.status >= 500;
      if (!retriable || attempt >= tries) throw error;
      await sleep(250 * 2 ** attempt);
    }
  }
}

/**
 * One round of a device: waits for players, starts the match (nobody can join now), plays it
 * for `matchSeconds`, simulates the result and reports it. The reported players leave the device.
 */
export async function runMatch(
  client: DeviceClient,
  options: RunMatchOptions,
): Promise<MatchResult> {
  const log = options.log ?? (() => undefined);
  const mapIds = options.mapIds ?? (await client.maps()).map((m) => m.id);
  await waitForPlayers(client, options.minPlayers ?? 1, options.signal, log);
  if (options.lobbySeconds) await sleep(options.lobbySeconds * 1000, options.signal);
  options.signal?.throwIfAborted();
  const roster = await client.startMatch();
  log(`match started: ${options.type} with ${roster.players.map((p) => p.userName).join(', ')}`);
  try {
    await sleep((options.matchSeconds ?? 5) * 1000, options.signal);
    options.signal?.throwIfAborted();
  } catch (error) {
    await client.cancelMatch().catch(() => undefined);
    throw error;
  }
  const report = simulateMatch({
    type: options.type,
    players: roster.players,
    fillTo: options.fillTo ?? roster.capacity,
    mapIds,
    rng: options.rng,
    idempotencyKey: `${client.arcade}-${client.device}-${randomUUID()}`,
  });
  const { game, created } = await reportWithRetry(client, report);
  let claims: DeviceClaims | null = null;
  if (options.claims) {
    // A device shows its results even when the codes cannot be had (an older server).
    claims = await client.claims(game.id).catch((error: unknown) => {
      log(`no claim codes: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    });
  }
  return { roster, report, game, created, claims };
}
