import fs from 'node:fs';
import { AppError } from '../../plugins/errors';
import { changeRole, userIdByMail } from '../../features/admin/roles';
import {
  bootstrapTokenPath,
  readBootstrapServer,
  readBootstrapToken,
} from '../../features/admin/bootstrap';
import { parseAction, type AdminCommand, type RemoteContext } from '../command';

const options = { email: { type: 'string' } } as const;

function parse(args: string[], out: (line: string) => void): string | null {
  let parsed;
  try {
    parsed = parseAction(args, options);
  } catch (error) {
    out(`error: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
  if (parsed.action !== 'grant') {
    out(`error: unknown action "${parsed.action ?? ''}"; use: ${command.usage.join(' | ')}`);
    return null;
  }
  if (!parsed.values.email) {
    out('error: admin grant needs --email <e-mail of a registered account>');
    return null;
  }
  return parsed.values.email;
}

/** The running server's address: PUBLIC_URL, else http://localhost:PORT (config.ts). */
/** The running server that wrote the secret (its file says where), else PUBLIC_URL. */
function serverUrl(ctx: RemoteContext): string {
  return readBootstrapServer(ctx.config.dataDir) ?? ctx.config.publicUrl;
}

export const command: AdminCommand = {
  summary: 'Operators: make a registered account admin (works while the server runs)',
  usage: ['admin grant --email <e-mail>'],
  async run(args, ctx) {
    const email = parse(args, (line) => ctx.out(line));
    if (!email) return 2;
    try {
      const userId = await userIdByMail(ctx.db, email);
      const answer = await changeRole(ctx.db, { label: 'cli' }, userId, { role: 'admin' });
      // An admin exists now: the bootstrap secret of a server that is not running is spent.
      fs.rmSync(bootstrapTokenPath(ctx.config.dataDir), { force: true });
      ctx.out(`${answer.userName} (${answer.userId}) is admin`);
      return 0;
    } catch (error) {
      if (error instanceof AppError) {
        ctx.out(`error: ${error.message}`);
        return 1;
      }
      throw error;
    }
  },
  async runThroughServer(args, ctx) {
    const email = parse(args, (line) => ctx.out(line));
    if (!email) return 2;
    const secret = readBootstrapToken(ctx.config.dataDir);
    if (!secret) {
      ctx.out(
        `error: no bootstrap secret in ${bootstrapTokenPath(ctx.config.dataDir)}: an admin exists ` +
          'already (an admin grants roles with PUT /api/admin/users/{id}/role), or the server ' +
          'started before this version',
      );
      return 1;
    }
    const url = `${serverUrl(ctx)}/api/admin/bootstrap`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ secret, email }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      ctx.out(`error: the server at ${url} did not answer: ${String(error)}`);
      return 1;
    }
    const body = (await res.json().catch(() => ({}))) as {
      userName?: string;
      userId?: string;
      error?: { message?: string };
    };
    if (!res.ok) {
      ctx.out(`error: ${res.status} ${body.error?.message ?? ''}`);
      return 1;
    }
    ctx.out(`${body.userName} (${body.userId}) is admin`);
    return 0;
  },
};
