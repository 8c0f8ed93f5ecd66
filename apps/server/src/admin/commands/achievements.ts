import { backfillAchievements } from '../../features/achievements';
import { parseAction, type AdminCommand } from '../command';

const options = {
  batch: { type: 'string' },
  notify: { type: 'boolean' },
} as const;

export const command: AdminCommand = {
  summary: 'Achievements (docs/achievements.md): award the catalogue to past games',
  usage: ['achievements backfill [--batch <players, 500>] [--notify]'],
  async run(args, ctx) {
    let parsed;
    try {
      parsed = parseAction(args, options);
    } catch (error) {
      ctx.out(`error: ${error instanceof Error ? error.message : String(error)}`);
      return 2;
    }
    const { action, values } = parsed;
    if (action !== 'backfill') {
      ctx.out(`error: unknown action "${action ?? ''}"; use: ${command.usage.join(' | ')}`);
      return 2;
    }
    const batch = values.batch === undefined ? 500 : Number(values.batch);
    if (!Number.isInteger(batch) || batch < 1 || batch > 10_000) {
      ctx.out('error: --batch must be a whole number from 1 to 10000');
      return 2;
    }
    const result = await backfillAchievements(ctx.db, {
      batch,
      notify: values.notify ?? false,
      progress: (players, awarded) => ctx.out(`${players} players, ${awarded} awarded`),
    });
    ctx.out(`done: ${result.players} players checked, ${result.awarded} achievements awarded`);
    return 0;
  },
};
