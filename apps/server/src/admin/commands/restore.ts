import { parseFlags, type AdminCommand } from '../command';
import { BackupError } from '../dump/backup-error';
import { cliPath, formatBytes } from '../dump/backup-file';
import { KIND_NAMES } from '../dump/configured-database';
import { formatCounts } from '../dump/database-contents';
import { restoreDatabase } from '../dump/restore-database';

const options = {
  in: { type: 'string' },
  force: { type: 'boolean' },
  unsealed: { type: 'boolean' },
} as const;

export const command: AdminCommand = {
  summary:
    'Loads a backup into the configured database in one transaction; a database with data only with --force (docs/backups.md)',
  usage: [
    'restore --in <file.sql> [--force] [--unsealed]   --force replaces all data the database holds;',
    '                                                 --unsealed takes a file without the backup checksum line',
  ],
  async run(args, ctx) {
    let values;
    try {
      values = parseFlags(args, options);
    } catch (error) {
      ctx.out(`error: ${error instanceof Error ? error.message : String(error)}`);
      return 2;
    }
    if (!values.in) {
      ctx.out(`error: use: ${command.usage.join(' | ')}`);
      return 2;
    }
    const file = cliPath(values.in);
    const started = performance.now();
    try {
      const restore = await restoreDatabase(ctx, file, {
        force: values.force ?? false,
        unsealed: values.unsealed ?? false,
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      ctx.out(
        `restored ${file} (${formatBytes(restore.bytes)}) into ${KIND_NAMES[restore.kind]} in ${seconds} s`,
      );
      if (restore.replaced.length > 0) {
        ctx.out(`replaced the data of ${restore.replaced.length} tables that held rows`);
      }
      ctx.out(`rows: ${formatCounts(restore.counts)}`);
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
