import fs from 'node:fs';
import path from 'node:path';
import type { E2eServer } from './server';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/**
 * The first mail to `to` in the server's outbox (without SMTP the server writes mail there) that
 * `matches`, waiting up to 10 s for it to arrive.
 */
export async function outboxMail(
  server: E2eServer,
  to: string,
  matches: (mail: OutboxMail) => boolean = () => true,
): Promise<OutboxMail> {
  const outbox = path.join(server.dataDir, 'data', 'outbox');
  for (let tries = 0; tries < 50; tries += 1) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : [];
    for (const file of files) {
      const mail = JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as OutboxMail;
      if (mail.to === to && matches(mail)) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no such mail to ${to} in ${outbox}`);
}

/** The first link starting with `prefix` in outbox mail to `to`. */
export async function outboxLink(server: E2eServer, to: string, prefix: string): Promise<string> {
  const mail = await outboxMail(server, to, (m) => m.links.some((l) => l.startsWith(prefix)));
  return mail.links.find((l) => l.startsWith(prefix))!;
}
