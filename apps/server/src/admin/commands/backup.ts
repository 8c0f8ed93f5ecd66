import { parseFlags, type AdminCommand } from '../command';
import { backupDatabase } from '../dump/backup-database';
import { BackupError } from '../dump/backup-error';
import { cliPath, formatBytes } from '../dump/backup-file';
import { KIND_NAMES } from '../dump/configured-database';
import { formatCounts } from '../dump/database-contents';

const options = { out: { type: 'string' } } as const;

export const command: AdminCommand = {
  summary:
    'Plain-SQL dump of the whole database (PGlite or PostgreSQL); mode 0600, it holds personal data (docs/backups.md)',
  usage: ['backup --out <file.sql>'],
  needsExistingDatabase: true,
  keepsSchema: true,
  async run(args, ctx) {
    let values;
    try {
      values = parseFlags(args, options);
    } catch (error) {
      ctx.out(`error: ${error instanceof Error ? error.message : String(error)}`);
      return 2;
    }
    if (!values.out) {
      ctx.out(`error: use: ${command.usage.join(' | ')}`);
      return 2;
    }
    const file = cliPath(values.out);
    const started = performance.now();
    try {
      const backup = await backupDatabase(ctx, file);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      ctx.out(
        `wrote ${file} (${formatBytes(backup.bytes)}) from ${KIND_NAMES[backup.kind]} in ${seconds} s`,
      );
      ctx.out(`rows: ${formatCounts(backup.counts)}`);
      return 0;
    } catch (error) {
      if (error instanceof BackupError) {
        ctx.out(`error: ${error.message}`);
        return 1;
      }
      throw error;
    }
  },
};
