import { AppError } from '../../plugins/errors';
import { allArcades, createArcade } from '../../features/arcades/service';
import { CLI_ACTOR, parseAction, type AdminCommand } from '../command';
import { recordAudit } from '../../features/admin/audit';

const options = {
  id: { type: 'string' },
  name: { type: 'string' },
  city: { type: 'string' },
} as const;

export const command: AdminCommand = {
  summary: 'Arcades (venues) whose devices players play on',
  usage: ['arcade create --id <slug> --name <name> [--city <city>]', 'arcade list'],
  async run(args, ctx) {
    let parsed;
    try {
      parsed = parseAction(args, options);
    } catch (error) {
      ctx.out(`error: ${error instanceof Error ? error.message : String(error)}`);
      return 2;
    }
    const { action, values } = parsed;
    try {
      if (action === 'create') {
        if (!values.id || !values.name) {
          ctx.out('error: arcade create needs --id <slug> and --name <name>');
          return 2;
        }
        const { id, name } = values;
        const arcade = await ctx.db.transaction(async (tx) => {
          const made = await createArcade(tx, { id, name, city: values.city ?? '' });
          await recordAudit(tx, CLI_ACTOR, {
            action: 'arcade.create',
            targetType: 'arcade',
            targetId: made.id,
            arcadeId: made.id,
            after: made,
          });
          return made;
        });
        ctx.out(
          `created arcade ${arcade.id} (${arcade.name}${arcade.city ? `, ${arcade.city}` : ''})`,
        );
        return 0;
      }
      if (action === 'list') {
        const arcades = await allArcades(ctx.db);
        if (arcades.length === 0) ctx.out('no arcades yet');
        for (const a of arcades) ctx.out(`${a.id.padEnd(24)} ${a.name.padEnd(28)} ${a.city}`);
        return 0;
      }
      ctx.out(`error: unknown action "${action ?? ''}"; use: ${command.usage.join(' | ')}`);
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
