import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { AppEventBus } from '../events/map';

export interface AdminContext {
  db: Db;
  config: Config;
  /** The features' event handlers, as the server has them (a published article notifies). */
  events: AppEventBus;
  out(line: string): void;
}

export interface AdminCommand {
  summary: string;
  usage: string[];
  /** Returns the process exit code: 0 on success, non-zero on any failure. */
  run(args: string[], ctx: AdminContext): Promise<number>;
  /**
   * Runs instead of `run` when the embedded database is held by a running server (PGlite's data
   * directory lock): the command asks that server. Without it, the CLI exits 75 (busy).
   */
  runThroughServer?(args: string[], ctx: RemoteContext): Promise<number>;
  /**
   * Refuses to run on an embedded database that does not exist yet instead of creating an empty
   * one (a backup from a wrong or unset DATA_DIR would otherwise write an empty file, exit 0).
   */
  needsExistingDatabase?: boolean;
  /**
   * Runs on the database as it is, without applying pending migrations first (every other
   * command migrates): a backup taken with newer code before an upgrade must not upgrade the
   * live schema under the servers still running the old code.
   */
  keepsSchema?: boolean;
}

/** The audit log's actor of a change made with the admin CLI (no user: whoever ran it). */
export const CLI_ACTOR = { label: 'cli' } as const;

/** What a command has when the server holds the database: the configuration, no database. */
export type RemoteContext = Pick<AdminContext, 'config' | 'out'>;

/** `<action> --flag value ...` parsed with node:util; unknown flags are an error. */
export function parseAction<T extends ParseArgsOptionsConfig>(args: string[], options: T) {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    options,
    allowPositionals: true,
    strict: true,
  });
  return { action, values, positionals };
}

/** `--flag value ...` of a command without actions (`backup --out file`); unknown flags are an error. */
export function parseFlags<T extends ParseArgsOptionsConfig>(args: string[], options: T) {
  return parseArgs({ args, options, allowPositionals: false, strict: true }).values;
}
