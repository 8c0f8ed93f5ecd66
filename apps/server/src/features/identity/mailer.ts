import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the mail carries (for the outbox file and the log). */
  links: string[];
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

/**
 * Mail through SMTP when SMTP_URL is set. Without it (a laptop, a demo) the mail is written to
 * `${DATA_DIR}/outbox/` as JSON and its links to the server log, so a reset can still be done.
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
  return async (mail) => {
    await fs.mkdir(outbox, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.json`;
    const file = path.join(outbox, name);
    const message = { from: config.mailFrom, ...mail, createdAt: new Date().toISOString() };
    await fs.writeFile(file, `${JSON.stringify(message, null, 2)}\n`, { mode: 0o600 });
    log.warn(
      { file, subject: mail.subject, links: mail.links },
      'SMTP_URL is not set: the mail was written to the outbox instead of being sent',
    );
  };
}
