/** Bulk loads of invented players (and a little match history) for benchmarks, in plain SQL. */

/**
 * Bulk-loaded players get a look-alike skeleton that is unique and unlike any real one (the real
 * one comes from a JS library): without it the server's start would backfill a million rows.
 */
export const BENCH_SKELETON_SUFFIX = '#bench';

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
  /**
   * How many games of 8 players each. Game k's players are 8 consecutive numbers times a prime
   * modulo `players`, so every player plays 8 × games / players of them, spread over the year.
   */
  games: number;
}

/**
 * Loads the players with generate_series (each personal field filled as a real player's is),
 * their games, teams, game players and per-application totals, then analyzes. Names are unique;
 * every PREFIXES entry starts 1/20 of them (so a search for `neo` matches 5 %). Indexes and
 * foreign-key checks of the game tables are off during the load and rebuilt after it, as a bulk
 * load does; the rank-bucket triggers of player_stats run as on any insert.
 */
export async function seedPlayers(
  query: (text: string) => Promise<unknown>,
  { players, games }: PlayerSeed,
): Promise<void> {
  const prefixes = `array[${PREFIXES.map((p) => `'${p}'`).join(',')}]`;
  await query(`set maintenance_work_mem = '1GB'`);
  await query(`
    insert into users (identity_sub, user_name, user_name_skeleton, mail, birthday, instagram,
                       agb_accepted_at, marketing_consent, early_adopter)
    select 'bench-' || g, (${prefixes})[1 + g % ${PREFIXES.length}] || g,
           (${prefixes})[1 + g % ${PREFIXES.length}] || g || '${BENCH_SKELETON_SUFFIX}',
           'player' || g || '@bench.example', date '1970-01-01' + (g % 15000),
           case when g % 3 = 0 then 'insta' || g end, now(), g % 2 = 0, g <= 1000
    from generate_series(1, ${players}) g`);
  await query(
    `insert into maps (id, name, icon_path) values ('bench-map', 'Bench', '/maps/bench.svg')`,
  );
  await query(`create temp table seed_players as
    select substr(identity_sub, 7)::int as n, id, user_name from users
    where identity_sub like 'bench-%'`);
  await query('alter table seed_players add primary key (n)');
  await query(`create temp table seed_games as
    select k, gen_random_uuid() as id, now() - k * interval '30 seconds' as played_at
    from generate_series(1, ${games}) k`);

  // Bulk load: the game tables' secondary indexes are dropped and built again afterwards, and
  // foreign keys are not checked row by row (every reference is made from the rows above).
  const indexes = `('game_players', 'game_teams', 'games')`;
  const saved = (await query(`
    select indexname, indexdef from pg_indexes
    where schemaname = current_schema() and tablename in ${indexes}
      and indexname not in (select conname from pg_constraint)`)) as {
    rows: Array<{ indexname: string; indexdef: string }>;
  };
  for (const { indexname } of saved.rows) await query(`drop index ${indexname}`);
  await query(`set session_replication_role = replica`);
  try {
    // Game k: players ((8k + s) · 7919 mod players) + 1 for s = 0…7, all different because
    // 7919 is prime; team 1 + s mod 2, and team 1 + k mod 2 wins. Written game by game, as
    // reports arrive.
    await query(`
      insert into game_players (game_id, user_id, name, team_id, kills, deaths, score, won,
                                played_at)
      select sg.id, p.id, p.user_name, 1 + s % 2, (k * 7 + s) % 20, (k * 3 + s) % 15,
             (k * 11 + s * 13) % 50, s % 2 = k % 2, sg.played_at
      from seed_games sg
      cross join generate_series(0, 7) s
      join seed_players p on p.n = 1 + ((k * 8 + s)::bigint * 7919) % ${players}
      order by k, s`);
    await query(`
      insert into game_teams (game_id, team_id, name, score)
      select id, t, (array['Red','Blue'])[t], 10 * t + (k % 7)
      from seed_games cross join generate_series(1, 2) t`);
    // The games last, each with its players and teams as arcadia_ingest_game stores them (the
    // same expressions as arcadia_game_players_json and arcadia_game_teams_json, migration
    // 0010), aggregated in one pass rather than built game by game.
    await query(`
      insert into games (id, arcade_id, device_id, type, map_id, played_at, duration_seconds,
                         idempotency_key, players_json, teams_json)
      select sg.id, 'bench', 'dev-' || (sg.k % 10),
             (array['freeforall','elimination','deathmatch'])[1 + sg.k % 3], 'bench-map',
             sg.played_at, 300, 'bench-' || sg.k, gp.players, gt.teams
      from seed_games sg
      join (select game_id, json_agg(json_build_object('id', user_id, 'name', name,
                     'kills', kills, 'deaths', deaths, 'score', score, 'teamId', team_id)
                   order by score desc, id) as players
            from game_players group by game_id) gp on gp.game_id = sg.id
      join (select game_id, json_agg(json_build_object('id', team_id, 'name', name,
                     'score', score) order by team_id) as teams
            from game_teams group by game_id) gt on gt.game_id = sg.id`);
  } finally {
    await query(`set session_replication_role = origin`);
  }
  for (const { indexdef } of saved.rows) await query(indexdef);
  await query(`
    insert into player_stats (user_id, application_id, games_played, games_won, games_lost, kills,
                              deaths, score_total, best_score)
    select gp.user_id, 'commando', count(*), count(*) filter (where gp.won),
           count(*) filter (where not gp.won), sum(gp.kills), sum(gp.deaths), sum(gp.score),
           max(gp.score)
    from game_players gp group by gp.user_id`);
  const check = (await query(`
    select count(*)::int as differ from (select * from games tablesample system (1) limit 50) g
    where players_json::text <> arcadia_game_players_json(id)::text
       or teams_json::text <> arcadia_game_teams_json(id)::text`)) as {
    rows: Array<{ differ: number }>;
  };
  if (check.rows[0]!.differ !== 0)
    throw new Error('seeded games store players or teams unlike arcadia_ingest_game');
  await query('drop table seed_players, seed_games');
  await query('vacuum analyze');
  // Write out what the bulk load left in memory now, not in the middle of a measurement.
  await query('checkpoint');
}

/**
 * Players for the big boards, fast: `count` users `lb-<n>` (names `lb<n>`) with all-time
 * statistics on the `commando` application, pseudo-random but repeatable totals (many ties at
 * the bottom, a long tail at the top). One statement each for the users and their statistics.
 */
export async function seedBoardPlayers(
  query: (text: string) => Promise<unknown>,
  count: number,
): Promise<void> {
  await query(`
    insert into users (identity_sub, user_name, user_name_skeleton, agb_accepted_at)
    select 'lb-' || g, 'lb' || g, 'lb' || g || '${BENCH_SKELETON_SUFFIX}', now()
    from generate_series(1, ${count}) g`);
  await query(`
    insert into player_stats (user_id, application_id, games_played, games_won, games_lost,
                              kills, deaths, score_total, best_score)
    select u.id, 'commando', p.played, p.won, p.played - p.won,
           p.played * (2 + abs(hashint4(g * 3)::bigint) % 9), p.played * (2 + abs(hashint4(g * 5)::bigint) % 9),
           p.played * (abs(hashint4(g * 7)::bigint) % 400), abs(hashint4(g * 11)::bigint) % 2000
    from generate_series(1, ${count}) g
    join users u on u.identity_sub = 'lb-' || g
    cross join lateral (select 1 + abs(hashint4(g)::bigint) % 150 as played) q
    cross join lateral (select q.played as played, abs(hashint4(g * 13)::bigint) % (q.played + 1) as won) p`);
}
