import fs from 'node:fs/promises';
import path from 'node:path';
import { userCardUrl, uuidSchema } from '@arcadia/contracts';
import { AppError } from '../../plugins/errors';
import { renderCardPng, renderCardSvg } from '../../features/user-cards/card-image';
import {
  createUnclaimedProfile,
  reprintCard,
  listUnclaimedProfiles,
  type CardWritten,
  type PrintableCard,
} from '../../features/user-cards/service';
import { recordAudit } from '../../features/admin/audit';
import { CLI_ACTOR, parseAction, type AdminCommand, type AdminContext } from '../command';

const options = {
  name: { type: 'string' },
  id: { type: 'string' },
  out: { type: 'string' },
} as const;

/** Where the card files go: --out, else ./cards where npm was started. */
function outDir(out: string | undefined): string {
  const base = process.env.INIT_CWD ?? process.cwd();
  return path.resolve(base, out ?? 'cards');
}

async function writeCard(
  ctx: AdminContext,
  { profile, secret }: PrintableCard,
  out: string | undefined,
): Promise<void> {
  // The card URL holds the claim secret: it is printed and shown here once, never stored.
  const url = userCardUrl(ctx.config.publicUrl, profile.id, secret);
  const svg = renderCardSvg({ userName: profile.userName, url });
  const png = await renderCardPng(svg);
  const dir = outDir(out);
  await fs.mkdir(dir, { recursive: true });
  const stem = path.join(dir, `card-${profile.userName}-${profile.id.slice(0, 8)}`);
  // Owner-readable only, as backups and the device-key file: whoever reads a card claims it.
  for (const [file, data] of [
    [`${stem}.svg`, svg],
    [`${stem}.png`, png],
  ] as const) {
    await fs.writeFile(file, data, { mode: 0o600 });
    await fs.chmod(file, 0o600); // a reprint over a file of an older version
  }
  ctx.out(`card URL: ${url}`);
  ctx.out(`wrote ${stem}.svg`);
  ctx.out(`wrote ${stem}.png`);
}

/** The audit entry of a card made or renewed here, in its transaction (no claim secret in it). */
const auditCard =
  (action: 'user_card.create' | 'user_card.reprint'): CardWritten =>
  (tx, profile) =>
    recordAudit(tx, CLI_ACTOR, {
      action,
      targetType: 'user',
      targetId: profile.id,
      after: { userName: profile.userName },
    });

export const command: AdminCommand = {
  summary: 'Printable user cards (QR code of {public url}/u/{id}?k={claim secret})',
  usage: [
    'card create --name <userName> [--out dir]   new unclaimed profile and its card',
    'card reprint --id <uuid> [--out dir]        the card of an existing profile, with a new claim secret (cards printed before stop working)',
    'card print --id <uuid> [--out dir]          the same as reprint',
    'card list                                   unclaimed profiles; "no card" ones need a reprint to be claimed',
  ],
  async run(args, ctx) {
    let parsed;
    try {
      parsed = parseAction(args, options);
    } catch (error) {
      ctx.out(error instanceof Error ? error.message : String(error));
      return 2;
    }
    const { action, values } = parsed;
    try {
      if (action === 'create') {
        if (!values.name) {
          ctx.out('card create needs --name <userName>');
          return 2;
        }
        const card = await createUnclaimedProfile(
          ctx.db,
          values.name,
          auditCard('user_card.create'),
        );
        ctx.out(`created unclaimed profile ${card.profile.userName} (${card.profile.id})`);
        await writeCard(ctx, card, values.out);
        return 0;
      }
      if (action === 'list') {
        const rows = await listUnclaimedProfiles(ctx.db);
        for (const row of rows)
          ctx.out(`${row.id}  ${row.userName}  ${row.claimable ? 'card can claim' : 'no card'}`);
        ctx.out(`${rows.length} unclaimed profile(s)`);
        return 0;
      }
      if (action === 'reprint' || action === 'print') {
        const id = uuidSchema.safeParse(values.id);
        if (!id.success) {
          ctx.out(`card ${action} needs --id <uuid>`);
          return 2;
        }
        // Only an unclaimed profile's reprint changes something: its claim secret (not logged).
        const card = await reprintCard(ctx.db, id.data, auditCard('user_card.reprint'));
        if (card.secret) {
          ctx.out('new claim secret: cards printed before for this profile can no longer claim it');
        } else {
          ctx.out(
            `note: ${card.profile.userName} is already linked to a sign-in; the card can only be used to meet the player`,
          );
        }
        await writeCard(ctx, card, values.out);
        return 0;
      }
      ctx.out(`unknown action "${action ?? ''}"; use: ${command.usage.join(' | ')}`);
      return 2;
    } catch (error) {
      if (error instanceof AppError) {
        ctx.out(`error: ${error.message}`);
        return 1;
      }
      throw error;
    }
  },
};
