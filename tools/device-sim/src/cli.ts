#!/usr/bin/env -S npx tsx
import { parseArgs } from 'node:util';
import { formatDeviceCode, GAME_TYPES, type GameType } from '@arcadia/contracts';
import { DeviceApiError, DeviceClient } from './client';
import { terminalClaims, terminalQr } from './qr';
import { runMatch } from './run';

const USAGE = `arcadia-device-sim — a command-line arcade device

  npm run start -w @arcadia/device-sim -- --url http://localhost:8080 \\
    --arcade <arcade> --device <id> --key <key> [options]

  --key               the device key (or ARCADIA_DEVICE_KEY in the environment)
  --type              freeforall | elimination | deathmatch | random (default random)
  --rounds N          matches to play, 0 = until stopped (default 0)
  --min-players N     registered players needed to start (default 1)
  --match-seconds N   length of a simulated match (default 5)
  --lobby-seconds N   wait after enough players joined (default 3)
  --fill N            guests fill the match up to N players (default: device capacity)
`;

const HEARTBEAT_MS = 20_000;

function fail(message: string): never {
  console.error(`error: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function count(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) fail(`--${name} must be a whole number ≥ 0`);
  return n;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        url: { type: 'string', default: 'http://localhost:8080' },
        arcade: { type: 'string' },
        device: { type: 'string' },
        key: { type: 'string' },
        type: { type: 'string', default: 'random' },
        rounds: { type: 'string' },
        'min-players': { type: 'string' },
        'match-seconds': { type: 'string' },
        'lobby-seconds': { type: 'string' },
        fill: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const key = values.key ?? process.env.ARCADIA_DEVICE_KEY;
  if (!values.arcade || !values.device || !key) fail('--arcade, --device and --key are required');
  const type = values.type;
  if (type !== 'random' && !(GAME_TYPES as readonly string[]).includes(type))
    fail(`--type must be one of ${GAME_TYPES.join(', ')} or random`);
  const rounds = count(values.rounds, 'rounds', 0);
  const minPlayers = Math.max(1, count(values['min-players'], 'min-players', 1));
  const matchSeconds = count(values['match-seconds'], 'match-seconds', 5);
  const lobbySeconds = count(values['lobby-seconds'], 'lobby-seconds', 3);
  const fillTo = values.fill === undefined ? undefined : count(values.fill, 'fill', 0);

  const client = new DeviceClient({
    url: values.url,
    arcade: values.arcade,
    device: values.device,
    key,
  });
  const log = (line: string) => console.log(`[${new Date().toISOString()}] ${line}`);
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());

  await client.heartbeat();
  const heartbeat = setInterval(() => {
    client.heartbeat().catch((error: unknown) => log(`heartbeat failed: ${String(error)}`));
  }, HEARTBEAT_MS);
  // A match left running by an earlier run of this device ends here.
  await client.cancelMatch();

  console.log(
    `\nScan to play on ${formatDeviceCode({ arcade: values.arcade, id: values.device })}`,
  );
  console.log(await terminalQr(values.arcade, values.device));
  try {
    for (let round = 1; rounds === 0 || round <= rounds; round++) {
      const matchType: GameType =
        type === 'random'
          ? GAME_TYPES[Math.floor(Math.random() * GAME_TYPES.length)]!
          : (type as GameType);
      const result = await runMatch(client, {
        type: matchType,
        minPlayers,
        matchSeconds,
        lobbySeconds,
        fillTo,
        claims: true,
        signal: stop.signal,
        log,
      });
      const lines = result.game.players
        .map(
          (p) =>
            `  ${p.won ? '★' : ' '} ${p.name.padEnd(14)} ${String(p.score).padStart(5)}  ${p.kills}/${p.deaths}`,
        )
        .join('\n');
      log(
        `round ${round}: reported game ${result.game.id} (${result.game.type} on ${result.game.mapId})\n${lines}`,
      );
      if (result.claims) console.log(await terminalClaims(result.claims));
    }
  } catch (error) {
    if (!stop.signal.aborted) throw error;
    log('stopped');
  } finally {
    clearInterval(heartbeat);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof DeviceApiError) console.error(`error: ${error.message}`);
    else console.error(error instanceof Error ? `error: ${error.message}` : error);
    process.exit(1);
  },
);
