import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, repoRoot } from './server-process';

/** The production proxy configuration (compose.yaml mounts it into the nginx image). */
export const NGINX_TEMPLATE = path.join(repoRoot, 'deploy/nginx.conf');

/** Where Debian puts nginx; /usr/sbin is not on every user's PATH. */
const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];

/** The nginx binary: NGINX_BIN, one on PATH, or Debian's; undefined when there is none. */
export function findNginx(): string | undefined {
  const onPath = (process.env.PATH ?? '').split(path.delimiter).map((d) => path.join(d, 'nginx'));
  return [process.env.NGINX_BIN, ...onPath, ...NGINX_CANDIDATES].find(
    (candidate): candidate is string => {
      if (!candidate) return false;
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
  );
}

/** Replaces the lines between `# BEGIN name` and `# END name` (markers included). */
function replaceRegion(config: string, name: string, lines: string[]): string {
  const region = new RegExp(`^([ \\t]*)# BEGIN ${name}\\n[\\s\\S]*?^[ \\t]*# END ${name}\\n`, 'gm');
  const found = config.match(region) ?? [];
  if (found.length !== 1)
    throw new Error(`${NGINX_TEMPLATE}: expected one "# BEGIN ${name}" … "# END ${name}" region`);
  return config.replace(region, (_all, indent: string) =>
    lines.map((line) => `${indent}${line}\n`).join(''),
  );
}

/**
 * deploy/nginx.conf for processes on this machine: the three app addresses become local ports,
 * TLS on 443 becomes plain http on a loopback port, the port-80 redirect and Docker's DNS go.
 * Every other line (upstream keep-alive, forwarded headers, timeouts, unbuffered device paths)
 * is the deployed one.
 */
export function renderNginxSite(template: string, listen: number, upstreams: number[]): string {
  let site = replaceRegion(template, 'docker-dns', []);
  site = replaceRegion(
    site,
    'servers',
    upstreams.map((port) => `server 127.0.0.1:${port};`),
  );
  site = replaceRegion(site, 'http-redirect', []);
  return replaceRegion(site, 'tls', [`listen 127.0.0.1:${listen};`]);
}

/** One line of the test's access log: which process (upstream) answered which request. */
export interface ProxyLogEntry {
  method: string;
  uri: string;
  status: number;
  /** "127.0.0.1:<port>" of the process that answered; several, comma-separated, after a retry. */
  upstream: string;
  /** nginx's $request_id, which the app echoes as x-request-id. */
  requestId: string;
}

function isLogEntry(value: unknown): value is ProxyLogEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.method === 'string' &&
    typeof entry.uri === 'string' &&
    typeof entry.status === 'number' &&
    typeof entry.upstream === 'string' &&
    typeof entry.requestId === 'string'
  );
}

/**
 * The main configuration around the rendered site: this process's files (pid, logs, temp
 * directories) in the prefix directory, and an access log that names the upstream of each request.
 */
function mainConfig(dir: string, site: string): string {
  const file = (name: string) => path.join(dir, name);
  return `worker_processes 1;
pid ${file('nginx.pid')};
error_log ${file('error.log')} warn;
events {
    worker_connections 512;
}
http {
    default_type application/octet-stream;
    log_format cluster escape=json '{"method":"$request_method","uri":"$request_uri","status":$status,'
        '"upstream":"$upstream_addr","requestId":"$request_id"}';
    access_log ${file('access.log')} cluster;
    client_body_temp_path ${file('client_body')};
    proxy_temp_path ${file('proxy')};
    fastcgi_temp_path ${file('fastcgi')};
    uwsgi_temp_path ${file('uwsgi')};
    scgi_temp_path ${file('scgi')};

${site}
}
`;
}

export interface NginxProxy {
  url: string;
  port: number;
  /** Every request nginx has finished so far, oldest first. */
  accessLog(): ProxyLogEntry[];
  /** nginx's error log. */
  errors(): string;
  stop(): Promise<void>;
}

async function waitForPort(port: number, child: ChildProcess, ms: number, log: () => string) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`nginx exited (${child.exitCode ?? child.signalCode}):\n${log()}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1_000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`nginx did not listen on ${port} within ${ms} ms:\n${log()}`);
}

/**
 * Starts nginx in the foreground (`-p prefix -c conf -g 'daemon off;'`) with deploy/nginx.conf
 * rendered for the given local processes, on a free loopback port unless one is given.
 */
export async function startNginx(options: {
  nginx: string;
  upstreams: number[];
  port?: number;
  dir: string;
}): Promise<NginxProxy> {
  const port = options.port ?? (await freePort());
  const { dir } = options;
  // Workers run as an unprivileged user when nginx starts as root: they must reach the prefix
  // (through its parent, a private temp directory) and write request bodies above 16 KB (image
  // uploads) to its temp directories.
  const parent = path.dirname(dir);
  fs.chmodSync(parent, (fs.statSync(parent).mode & 0o777) | 0o711);
  fs.chmodSync(dir, 0o755);
  const site = renderNginxSite(fs.readFileSync(NGINX_TEMPLATE, 'utf8'), port, options.upstreams);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, mainConfig(dir, site));
  const errorLog = path.join(dir, 'error.log');
  const accessLog = path.join(dir, 'access.log');
  const readErrors = () => (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '');
  let output = '';
  const child = spawn(options.nginx, ['-p', dir, '-c', conf, '-e', errorLog, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killed);
  };
  try {
    await waitForPort(port, child, 15_000, () => `${output}${readErrors()}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    errors: readErrors,
    accessLog: () => {
      if (!fs.existsSync(accessLog)) return [];
      return fs
        .readFileSync(accessLog, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line): unknown => JSON.parse(line))
        .filter(isLogEntry);
    },
    stop,
  };
}
