/** Bulk loads of invented players (and a little match history) for benchmarks, in plain SQL. */

const PREFIXES = [
  'Neon',
  'Pixel',
  'Laser',
  'Blitz',
  'Turbo',
  'Glitch',
  'Retro',
  'Byte',
  'Night',
  'Sonic',
  'Volt',
  'Hyper',
  'Mega',
  'Zap',
  'Nova',
  'Rocket',
  'Shadow',
  'Storm',
  'Frost',
  'Ember',
];

export interface PlayerSeed {
  /** How many players: identity_sub `bench-<n>`, names like `Pixel1` (≤ 12 characters). */
  players: number;
  /** Players bench-1..bench-<withHistory> get `gamesEach` games of 8 players each. */
  withHistory: number;
  gamesEach: number;
}

/**
 * Loads the players with generate_series (each personal field filled as a real player's is),
 * their games, teams and per-application totals, then analyzes. Names are unique; every
 * PREFIXES entry starts 1/20 of them (so a search for `neo` matches 5 %).
 */
export async function seedPlayers(
  query: (text: string) => Promise<unknown>,
  { players, withHistory, gamesEach }: PlayerSeed,
): Promise<void> {
  const prefixes = `array[${PREFIXES.map((p) => `'${p}'`).join(',')}]`;
  await query(`
    insert into users (identity_sub, user_name, mail, birthday, instagram, agb_accepted_at,
                       marketing_consent, early_adopter)
    select 'bench-' || g, (${prefixes})[1 + g % ${PREFIXES.length}] || g,
           'player' || g || '@bench.example', date '1970-01-01' + (g % 15000),
           case when g % 3 = 0 then 'insta' || g end, now(), g % 2 = 0, g <= 1000
    from generate_series(1, ${players}) g`);
  const games = withHistory * gamesEach;
  await query(
    `insert into maps (id, name, icon_path) values ('bench-map', 'Bench', '/maps/bench.svg')`,
  );
  await query(`
    insert into games (arcade_id, device_id, type, map_id, played_at, duration_seconds,
                       idempotency_key)
    select 'bench', 'dev-' || (k % 10), (array['freeforall','elimination','deathmatch'])[1 + k % 3],
           'bench-map', now() - k * interval '7 minutes', 300, 'bench-' || k
    from generate_series(1, ${games}) k`);
  // Game k belongs to player (k-1)/gamesEach+1, who played it against 7 others.
  const others = Math.max(players - 1000, 1);
  await query(`
    insert into game_players (game_id, user_id, name, team_id, kills, deaths, score, won)
    select gm.id, u.id, u.user_name, 1 + s % 2, (k * 7 + s) % 20, (k * 3 + s) % 15,
           (k * 11 + s * 13) % 50, s % 2 = 0
    from generate_series(1, ${games}) k
    cross join generate_series(0, 7) s
    join games gm on gm.idempotency_key = 'bench-' || k
    join users u on u.identity_sub = 'bench-' ||
      case when s = 0 then (k - 1) / ${gamesEach} + 1
           else least(1000, ${players}) + (k * 8 + s) % ${others} end`);
  await query(`
    insert into game_teams (game_id, team_id, name, score)
    select gm.id, t, (array['Red','Blue'])[t], 10 * t from games gm cross join generate_series(1, 2) t`);
  await query(`
    insert into player_stats (user_id, application_id, games_played, games_won, games_lost, kills,
                              deaths, score_total, best_score)
    select gp.user_id, 'commando', count(*), count(*) filter (where gp.won),
           count(*) filter (where not gp.won), sum(gp.kills), sum(gp.deaths), sum(gp.score),
           max(gp.score)
    from game_players gp group by gp.user_id`);
  await query('analyze');
}
