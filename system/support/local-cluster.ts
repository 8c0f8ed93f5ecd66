import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { startNginx, type NginxProxy, type ProxyLogEntry } from './nginx-proxy';
import {
  freePort,
  runServerCommand,
  startServerProcess,
  type ServerProcess,
} from './server-process';

/**
 * deploy/compose.yaml on one machine: N processes of the built server
 * (`node apps/server/dist/server.mjs`, WORKERS=1 each) on one PostgreSQL database and Redis,
 * behind nginx configured from deploy/nginx.conf. Ports are fixed at creation, so processes can
 * be stopped and started again behind the same proxy.
 */
export interface LocalClusterOptions {
  databaseUrl: string;
  redisUrl: string;
  nginx: string;
  /** Temp directory: each process's DATA_DIR, nginx's prefix. */
  dir: string;
}

export class LocalCluster {
  processes: ServerProcess[] = [];
  proxy: NginxProxy | undefined;

  private constructor(
    private readonly options: LocalClusterOptions,
    readonly ports: number[],
    private readonly metricsPorts: number[],
    readonly proxyPort: number,
    /** Its own Redis keys: other runs on the same Redis count nothing here (nothing is flushed). */
    private readonly redisKeyPrefix = `arcadia-cluster-${randomBytes(6).toString('hex')}:`,
  ) {}

  static async create(options: LocalClusterOptions, size = 3): Promise<LocalCluster> {
    const ports: number[] = [];
    const metricsPorts: number[] = [];
    for (let i = 0; i < size; i++) {
      ports.push(await freePort());
      metricsPorts.push(await freePort());
    }
    return new LocalCluster(options, ports, metricsPorts, await freePort());
  }

  /** The address players use: the proxy. */
  get url(): string {
    return `http://127.0.0.1:${this.proxyPort}`;
  }

  /**
   * The environment of compose.yaml's app services, with this machine's addresses. Differences:
   * no SMTP_URL (no mail server here; mail goes to DATA_DIR/outbox), a smaller DB_POOL_SIZE (the
   * local PostgreSQL is shared with other test runs), one METRICS_PORT per process (they share one
   * network namespace here), an http PUBLIC_URL (no certificate here), a Redis key prefix of
   * this run's own.
   */
  env(index: number): Record<string, string> {
    return {
      PUBLIC_URL: this.url,
      DATABASE_URL: this.options.databaseUrl,
      REDIS_URL: this.options.redisUrl,
      REDIS_KEY_PREFIX: this.redisKeyPrefix,
      TRUST_PROXY: '1',
      WORKERS: '1',
      DB_POOL_SIZE: '5',
      METRICS_PORT: String(this.metricsPorts[index]),
      DATA_DIR: path.join(this.options.dir, `app${index + 1}`),
    };
  }

  /** `node apps/server/dist/migrate.mjs`, compose's one-shot migrate service. */
  async migrate(): Promise<void> {
    const { code, output } = await runServerCommand('migrate', [], this.env(0));
    if (code !== 0) throw new Error(`migrate failed (exit ${code}):\n${output}`);
  }

  /** An admin command (`node apps/server/dist/cli.mjs ...`) as an operator runs it; its output. */
  async admin(...args: string[]): Promise<string> {
    const { code, output } = await runServerCommand('cli', args, this.env(0));
    if (code !== 0) throw new Error(`admin ${args.join(' ')} failed (exit ${code}):\n${output}`);
    return output;
  }

  /** Starts every process (with extra settings) and waits until each is ready. */
  async startProcesses(extra: Record<string, string> = {}): Promise<void> {
    this.processes = await Promise.all(
      this.ports.map((port, i) => startServerProcess({ ...this.env(i), ...extra }, { port })),
    );
    await Promise.all(this.processes.map((p) => p.ready(120_000)));
  }

  /** SIGTERM to every process, as `docker compose stop` does; their exit codes. */
  async stopProcesses(): Promise<Array<number | null>> {
    const stopping = this.processes;
    this.processes = [];
    for (const p of stopping) p.kill('SIGTERM');
    const ended = await Promise.all(
      stopping.map(async (p) => {
        const killed = setTimeout(() => p.kill('SIGKILL'), 15_000);
        const { code } = await p.exited;
        clearTimeout(killed);
        return code;
      }),
    );
    return ended;
  }

  async startProxy(): Promise<void> {
    const dir = path.join(this.options.dir, 'nginx');
    fs.mkdirSync(dir, { recursive: true });
    this.proxy = await startNginx({
      nginx: this.options.nginx,
      upstreams: this.ports,
      port: this.proxyPort,
      dir,
    });
  }

  /** Which process (0-based) answered a request the proxy logged. */
  processOf(entry: ProxyLogEntry): number {
    const last = entry.upstream.split(',').pop()?.trim() ?? '';
    return this.ports.indexOf(Number(last.split(':').pop()));
  }

  /** How many requests the proxy has logged: a mark to read the log from. */
  mark(): number {
    return this.proxy?.accessLog().length ?? 0;
  }

  /** The proxy's log lines after a mark. */
  since(mark: number): ProxyLogEntry[] {
    return this.proxy?.accessLog().slice(mark) ?? [];
  }

  /**
   * The log lines of requests after a mark that match, once there are `count` of them (nginx
   * writes a line just after the answer, so a client can be a moment ahead of the log).
   */
  async logged(
    mark: number,
    matches: (entry: ProxyLogEntry) => boolean,
    count: number,
  ): Promise<ProxyLogEntry[]> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const found = this.since(mark).filter(matches);
      if (found.length >= count || Date.now() > deadline) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Everything down: the proxy, then the processes (killed if they do not stop in time). */
  async close(): Promise<void> {
    await this.proxy?.stop();
    await this.stopProcesses();
  }

  /** What the processes and the proxy wrote, for a failure message. */
  output(): string {
    return [
      ...this.processes.map((p, i) => `--- app${i + 1}\n${p.output()}`),
      `--- nginx\n${this.proxy?.errors() ?? ''}`,
    ].join('\n');
  }
}
