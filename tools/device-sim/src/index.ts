/** The device simulator as a library: for the demo seed, E2E tests and benchmarks. */
export { DeviceApiError, DeviceClient, type DeviceConfig } from './client';
export { runMatch, waitForPlayers, type MatchResult, type RunMatchOptions } from './run';
export {
  seededRng,
  simulateMatch,
  TEAM_NAMES,
  type Rng,
  type SimulatedPlayer,
  type SimulateOptions,
} from './simulate';
export { terminalClaims, terminalQr, terminalQrOf } from './qr';
