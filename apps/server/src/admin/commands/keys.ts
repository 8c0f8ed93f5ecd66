import { KEY_RETIREMENT_SECONDS } from '../../features/identity/lifetimes';
import {
  ensureSigningKey,
  listSigningKeys,
  rotateSigningKeys,
} from '../../features/identity/signing-keys';
import { recordAudit } from '../../features/admin/audit';
import { CLI_ACTOR, parseAction, type AdminCommand } from '../command';

const status = (key: { retiredAt: Date | null; removeAfter: Date | null }, now: Date) =>
  !key.retiredAt
    ? 'current'
    : key.removeAfter && key.removeAfter > now
      ? 'retired (still published)'
      : 'expired';

export const command: AdminCommand = {
  summary: `Signing keys of the embedded identity provider (RS256); rotate adds a new current key, the old one stays published ${KEY_RETIREMENT_SECONDS} s`,
  usage: ['keys list', 'keys rotate'],
  async run(args, ctx) {
    let parsed;
    try {
      parsed = parseAction(args, {});
    } catch (error) {
      ctx.out(`error: ${error instanceof Error ? error.message : String(error)}`);
      return 2;
    }
    const { action } = parsed;
    if (ctx.config.auth.mode !== 'embedded') {
      ctx.out(
        `note: OIDC_ISSUER is set (${ctx.config.auth.issuer}); these keys are not used while it is`,
      );
    }
    if (action === 'list') {
      await ensureSigningKey(ctx.db);
      const now = new Date();
      for (const key of await listSigningKeys(ctx.db)) {
        const removeAfter = key.removeAfter
          ? `  published until ${key.removeAfter.toISOString()}`
          : '';
        ctx.out(
          `${key.kid}  ${status(key, now).padEnd(25)}  created ${key.createdAt.toISOString()}${removeAfter}`,
        );
      }
      return 0;
    }
    if (action === 'rotate') {
      // The key ids (public thumbprints) only, never key material.
      const rotation = await rotateSigningKeys(ctx.db, (tx, done) =>
        recordAudit(tx, CLI_ACTOR, {
          action: 'signing_key.rotate',
          targetType: 'signing_key',
          targetId: done.current,
          after: done,
        }),
      );
      ctx.out(`new current key ${rotation.current}`);
      for (const kid of rotation.retired) {
        ctx.out(`retired ${kid}; it stays in the JWKS until the tokens it signed have expired`);
      }
      for (const kid of rotation.removed) ctx.out(`removed expired key ${kid}`);
      ctx.out('running servers pick the new key up within 30 s');
      return 0;
    }
    ctx.out(`error: unknown action "${action ?? ''}"; use: ${command.usage.join(' | ')}`);
    return 2;
  },
};
