import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../plugins/errors';
import { countAdmins } from '../users';
import { changeRole, lockRoleChanges, userIdByMail, type RoleAnswer } from './roles';

/**
 * The first admin (docs/operator-console.md): while no admin exists, the server writes a random
 * one-time secret to `$DATA_DIR/admin-bootstrap.token` (0600) at start; `npm run admin -- admin
 * grant --email …` sends it to POST /api/admin/bootstrap when the server holds the database. The
 * file is the only copy: every server process checks against it, and it goes once used.
 */
export const BOOTSTRAP_FILE = 'admin-bootstrap.token';

export function bootstrapTokenPath(dataDir: string): string {
  return path.join(dataDir, BOOTSTRAP_FILE);
}

/**
 * At start: a fresh secret while no admin exists, else none (a stale file is removed). The file's
 * second line is where this server answers on this machine (`serverUrl`), so the CLI sends the
 * secret to the server that wrote it, whatever PORT or PUBLIC_URL the operator's shell has.
 */
export async function offerAdminBootstrap(
  db: Db,
  dataDir: string,
  serverUrl?: string,
): Promise<string | null> {
  const file = bootstrapTokenPath(dataDir);
  if ((await countAdmins(db)) > 0) {
    fs.rmSync(file, { force: true });
    return null;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const temp = `${file}.${process.pid}`;
  const lines = [randomBytes(32).toString('base64url'), ...(serverUrl ? [serverUrl] : [])];
  fs.writeFileSync(temp, `${lines.join('\n')}\n`, { mode: 0o600 });
  fs.renameSync(temp, file);
  return file;
}

function bootstrapLines(dataDir: string): string[] {
  try {
    return fs.readFileSync(bootstrapTokenPath(dataDir), 'utf8').split('\n');
  } catch {
    return [];
  }
}

export function readBootstrapToken(dataDir: string): string | null {
  return bootstrapLines(dataDir)[0]?.trim() || null;
}

/** Where the server that wrote the secret answers on this machine; null if it did not say. */
export function readBootstrapServer(dataDir: string): string | null {
  return bootstrapLines(dataDir)[1]?.trim() || null;
}

/** The server's address on this machine: loopback when it listens on every interface. */
export function localServerUrl(host: string, port: number): string {
  const name =
    host === '0.0.0.0' || host === ''
      ? '127.0.0.1'
      : host === '::'
        ? '[::1]'
        : host.includes(':')
          ? `[${host}]`
          : host;
  return `http://${name}:${port}`;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Makes the registered account with this e-mail the first admin, given the secret of the file.
 * 403 for a wrong or spent secret; 409 `admin_exists` once an admin exists (the file goes).
 */
export async function redeemBootstrap(
  db: Db,
  dataDir: string,
  secret: string,
  email: string,
): Promise<RoleAnswer> {
  const expected = readBootstrapToken(dataDir);
  if (!expected || !sameSecret(secret, expected))
    throw forbidden('The bootstrap secret is wrong or already used');
  const userId = await userIdByMail(db, email);
  // The check and the grant in one transaction under the role lock: of two calls at once, the
  // second sees the first one's admin.
  const answer = await db.transaction(async (tx) => {
    await lockRoleChanges(tx);
    if ((await countAdmins(tx)) > 0) {
      fs.rmSync(bootstrapTokenPath(dataDir), { force: true });
      throw new AppError(409, 'admin_exists', 'An admin exists already: an admin grants roles now');
    }
    return changeRole(tx, { label: 'bootstrap' }, userId, { role: 'admin' });
  });
  fs.rmSync(bootstrapTokenPath(dataDir), { force: true });
  return answer;
}
