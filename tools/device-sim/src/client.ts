import {
  deviceAuthorization,
  deviceClaimsSchema,
  devicePlayersSchema,
  gamesOverviewSchema,
  heartbeatSchema,
  ingestedGameSchema,
  type DeviceClaims,
  type DevicePlayers,
  type GameMap,
  type GameReportInput,
  type Heartbeat,
  type IngestedGameResponse,
} from '@arcadia/contracts';

export interface DeviceConfig {
  /** The server, e.g. http://localhost:8080 */
  url: string;
  arcade: string;
  device: string;
  key: string;
  /** Per request; long polls add their wait. */
  timeoutMs?: number;
}

/** A refusal of the device API, with the server's error code. */
export class DeviceApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details?: unknown,
  ) {
    super(`${status} ${code}: ${message}`);
    this.name = 'DeviceApiError';
  }
}

/** The device API (`/api/device/v1`) as an arcade device uses it. */
export class DeviceClient {
  private readonly base: string;
  private readonly authorization: string;

  constructor(private readonly config: DeviceConfig) {
    this.base = config.url.replace(/\/+$/, '');
    this.authorization = deviceAuthorization(config.arcade, config.device, config.key);
  }

  get arcade(): string {
    return this.config.arcade;
  }

  get device(): string {
    return this.config.device;
  }

  private async call(
    method: string,
    path: string,
    body?: unknown,
    extraMs = 0,
    signal?: AbortSignal,
  ): Promise<{ status: number; json: unknown }> {
    const timeout = AbortSignal.timeout((this.config.timeoutMs ?? 10_000) + extraMs);
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        authorization: this.authorization,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    if (!res.ok) {
      const error = (json as { error?: { code?: string; message?: string; details?: unknown } })
        ?.error;
      throw new DeviceApiError(
        res.status,
        error?.code ?? 'http_error',
        error?.message ?? res.statusText,
        error?.details,
      );
    }
    return { status: res.status, json };
  }

  /** Who is on the device; with `since` (a version) waits up to `wait` s for a change. */
  async players(
    options: { since?: number; wait?: number; signal?: AbortSignal } = {},
  ): Promise<DevicePlayers> {
    const query = new URLSearchParams();
    if (options.since !== undefined) query.set('since', String(options.since));
    if (options.wait) query.set('wait', String(options.wait));
    const qs = query.size > 0 ? `?${query.toString()}` : '';
    const { json } = await this.call(
      'GET',
      `/api/device/v1/players${qs}`,
      undefined,
      (options.wait ?? 0) * 1000,
      options.signal,
    );
    return devicePlayersSchema.parse(json);
  }

  async heartbeat(): Promise<Heartbeat> {
    return heartbeatSchema.parse((await this.call('POST', '/api/device/v1/heartbeat', {})).json);
  }

  async startMatch(): Promise<DevicePlayers> {
    return devicePlayersSchema.parse(
      (await this.call('POST', '/api/device/v1/match/start', {})).json,
    );
  }

  async cancelMatch(): Promise<DevicePlayers> {
    return devicePlayersSchema.parse(
      (await this.call('POST', '/api/device/v1/match/cancel', {})).json,
    );
  }

  /** Reports a finished game; `created` is false when the server had it already. */
  async report(report: GameReportInput): Promise<{ created: boolean; game: IngestedGameResponse }> {
    const { status, json } = await this.call('POST', '/api/device/v1/games', report);
    return { created: status === 201, game: ingestedGameSchema.parse(json) };
  }

  /**
   * Claim codes for the guests of a reported game: one URL per guest slot, shown as a QR code.
   * Asking again gives new codes; the previous ones stop working.
   */
  async claims(gameId: string): Promise<DeviceClaims> {
    const path = `/api/device/v1/games/${encodeURIComponent(gameId)}/claims`;
    return deviceClaimsSchema.parse((await this.call('POST', path, {})).json);
  }

  /** The maps of the device's game, from the public games overview. */
  async maps(applicationId = 'commando'): Promise<GameMap[]> {
    const res = await fetch(`${this.base}/api/games/${applicationId}`, {
      signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000),
    });
    if (!res.ok) throw new DeviceApiError(res.status, 'http_error', 'games overview failed');
    return gamesOverviewSchema.parse(await res.json()).maps;
  }
}
