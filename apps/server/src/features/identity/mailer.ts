import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import { secretsMayBeLogged } from '../../plugins/logging';
import { PASSWORD_RESET_TTL } from './lifetimes';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the mail carries (for the outbox file, and the log in development). */
  links: string[];
  /** How long the mail's link works, in seconds: an outbox file is removed after that. */
  expiresInSeconds?: number;
}

export type SendMail = (mail: Mail) => Promise<void>;

/** Where mail goes without SMTP_URL: `${DATA_DIR}/outbox`. */
export function outboxDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'outbox');
}

/**
 * Removes the outbox files of mail to this address (a deleted account's reset mail): the files
 * are JSON with the recipient in `to`. Answers how many were removed.
 */
export async function removeOutboxMailTo(dir: string, address: string): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return 0; // no outbox: nothing was ever written
  }
  const wanted = address.trim().toLowerCase();
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const file = path.join(dir, name);
    try {
      const mail = JSON.parse(await fs.readFile(file, 'utf8')) as { to?: unknown };
      if (typeof mail.to === 'string' && mail.to.trim().toLowerCase() === wanted) {
        await fs.rm(file, { force: true });
        removed += 1;
      }
    } catch {
      // gone meanwhile, or not a mail of ours: leave it
    }
  }
  return removed;
}

async function ensureOutbox(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  // An existing folder (made by an older version, or by hand) is narrowed as well.
  await fs.chmod(dir, 0o700);
}

/**
 * Mail through SMTP when SMTP_URL is set. Without it (a laptop, a demo) the mail is written to
 * `${DATA_DIR}/outbox/` as JSON (mode 0600, in a 0700 folder) and removed once its link has
 * expired (`removeExpiredOutboxMail`). The log says where it went; the links themselves reach
 * the log only in development and tests, never in production.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): SendMail {
  let transport: Transporter | undefined;
  if (config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    return async (mail) => {
      transport ??= nodemailer.createTransport(smtpUrl);
      await transport.sendMail({
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    };
  }
  const outbox = outboxDir(config);
  const showLinks = secretsMayBeLogged(config);
  return async ({ expiresInSeconds = PASSWORD_RESET_TTL, ...mail }) => {
    await ensureOutbox(outbox);
    const now = new Date();
    const name = `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.json`;
    const file = path.join(outbox, name);
    const message = {
      from: config.mailFrom,
      ...mail,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + expiresInSeconds * 1000).toISOString(),
    };
    try {
      await fs.writeFile(file, `${JSON.stringify(message, null, 2)}\n`, {
        mode: 0o600,
        flag: 'wx',
      });
    } catch (error) {
      // A full disk leaves a part-written file: no half mail stays behind.
      await fs.rm(file, { force: true }).catch(() => undefined);
      throw error;
    }
    // Not the subject: some name the player (a parent's confirmation names the child), and the
    // log outlives a deletion. The file holds it, owner-readable, until its link expires.
    log.warn(
      { file, ...(showLinks ? { subject: mail.subject, links: mail.links } : {}) },
      'SMTP_URL is not set: the mail was written to the outbox instead of being sent',
    );
  };
}

/**
 * Deletes outbox mail whose link has expired (files without `expiresAt`: a reset link's
 * lifetime after they were written). Returns how many went. Safe to run from several processes.
 */
export async function removeExpiredOutboxMail(
  config: Pick<Config, 'dataDir'>,
  now = Date.now(),
): Promise<number> {
  const dir = outboxDir(config);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const file = path.join(dir, name);
    try {
      const [text, stat] = await Promise.all([fs.readFile(file, 'utf8'), fs.stat(file)]);
      let expiresAt = stat.mtimeMs + PASSWORD_RESET_TTL * 1000;
      try {
        const parsed = Date.parse((JSON.parse(text) as { expiresAt?: string }).expiresAt ?? '');
        if (Number.isFinite(parsed)) expiresAt = parsed;
      } catch {
        // not our JSON: its age decides
      }
      if (expiresAt <= now) {
        await fs.rm(file, { force: true });
        removed++;
      }
    } catch (error) {
      // Removed meanwhile by another process.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return removed;
}
