import {
  LEADERBOARD_KD_BUCKET_SCALE,
  LEADERBOARD_KD_MIN_GAMES,
  LEADERBOARD_RANK_BUCKETS_PER_DOUBLING,
  LEADERBOARD_RANK_BUCKETS_PER_GROUP,
} from '@arcadia/contracts';
import { LIVE_CHANNEL } from '../../events/live-channel';

/** A text as an SQL string literal. */
function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** A number as an SQL literal: the shortest text that reads back as the same double. */
function sqlNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  return String(value);
}

/**
 * The values of the `{{NAME}}` placeholders in the function files (db/functions/*.sql), all
 * from the rule constants in packages/contracts (and the live channel's name,
 * events/live-channel.ts): the SQL functions and the TypeScript code read the same values. A
 * placeholder not named here is an error when the files are read.
 */
export const ruleValues: Readonly<Record<string, string>> = {
  LEADERBOARD_KD_MIN_GAMES: sqlNumber(LEADERBOARD_KD_MIN_GAMES),
  LEADERBOARD_KD_BUCKET_SCALE: sqlNumber(LEADERBOARD_KD_BUCKET_SCALE),
  LEADERBOARD_RANK_BUCKETS_PER_GROUP: sqlNumber(LEADERBOARD_RANK_BUCKETS_PER_GROUP),
  /** Buckets per unit of ln(v + 1): LEADERBOARD_RANK_BUCKETS_PER_DOUBLING / ln 2. */
  RANK_BUCKET_LOG_FACTOR: sqlNumber(LEADERBOARD_RANK_BUCKETS_PER_DOUBLING / Math.LN2),
  /** The players' live NOTIFY channel, as an SQL string literal. */
  LIVE_CHANNEL: sqlText(LIVE_CHANNEL),
};
