/**
 * Every table that holds something about a player, and where the export (spec: issue 17, DSGVO
 * Art. 15/20) puts it. `coverage.test.ts` reads the database's own catalogue on both databases
 * and fails when a table gains a column that names a user (a foreign key to users or accounts,
 * or a column named like one) without an entry here: a new table with a user column must be
 * exported, or excluded with its reason.
 */
export interface ExportedTable {
  /** The top-level key of the export that holds the table's rows. */
  section: ExportSection;
  /** The columns naming the player that the export's queries select by. */
  userColumns: readonly string[];
  /** Columns left out of the export on purpose, with the reason. */
  withheld?: Readonly<Record<string, string>>;
}

export interface ExcludedTable {
  /** Why the table is not exported. */
  excluded: string;
  userColumns: readonly string[];
}

export const EXPORT_SECTIONS = [
  'profile',
  'consents',
  'account',
  'friends',
  'games',
  'statistics',
  'visits',
  'currentDevice',
  'userCard',
  'pushSubscriptions',
  'pushOutbox',
  'notifications',
  'operator',
] as const;
export type ExportSection = (typeof EXPORT_SECTIONS)[number];

export const EXPORT_COVERAGE: Readonly<Record<string, ExportedTable | ExcludedTable>> = {
  users: {
    section: 'profile',
    userColumns: ['id', 'identity_sub'],
    withheld: {
      card_secret_hash:
        'a hash of the printed card secret: the export says only whether one is set',
      user_name_skeleton:
        'derived from the user name (look-alike check), no information of its own',
    },
  },
  accounts: {
    section: 'account',
    userColumns: ['id'],
    withheld: {
      password_hash: 'a one-way hash of the password, useless to anyone and a risk in a file',
    },
  },
  password_resets: {
    section: 'account',
    userColumns: ['account_id'],
    withheld: {
      token_hash: 'a credential; the export lists when each link expired and whether it was used',
    },
  },
  email_verifications: {
    section: 'account',
    userColumns: ['account_id'],
    withheld: {
      token_hash: 'a credential; the export lists when each link was sent, expired and was used',
    },
  },
  oidc_models: {
    section: 'account',
    userColumns: ['payload'],
    withheld: {
      id: 'session ids and tokens are credentials: the export lists their kind and lifetime',
      payload: 'the same: kind and lifetime only',
    },
  },
  login_throttle: { section: 'account', userColumns: ['key'] },
  marketing_consents: { section: 'consents', userColumns: ['user_id'] },
  marketing_tokens: {
    section: 'consents',
    userColumns: ['user_id'],
    withheld: {
      token_hash:
        'a credential; the export lists each link’s kind, when it was sent, expired and used',
    },
  },
  friendships: { section: 'friends', userColumns: ['user_id', 'friend_id'] },
  game_players: { section: 'games', userColumns: ['user_id'] },
  player_stats: { section: 'statistics', userColumns: ['user_id'] },
  player_stats_periods: { section: 'statistics', userColumns: ['user_id'] },
  player_ratings: { section: 'statistics', userColumns: ['user_id'] },
  player_achievements: { section: 'statistics', userColumns: ['user_id'] },
  player_achievement_facts: { section: 'statistics', userColumns: ['user_id'] },
  visits: { section: 'visits', userColumns: ['user_id', 'met_user_id', 'recorded_by'] },
  device_players: { section: 'currentDevice', userColumns: ['user_id'] },
  user_card_batch_cards: { section: 'userCard', userColumns: ['user_id'] },
  user_card_batches: { section: 'operator', userColumns: ['created_by'] },
  push_subscriptions: {
    section: 'pushSubscriptions',
    userColumns: ['user_id'],
    withheld: {
      endpoint: 'the push service address is a credential of the device: only its host is exported',
      p256dh: 'the device’s encryption key',
      auth: 'the device’s encryption secret',
    },
  },
  push_outbox: {
    section: 'pushOutbox',
    userColumns: ['user_id'],
    withheld: { last_error: 'the push service’s answer, which names the endpoint' },
  },
  notifications: { section: 'notifications', userColumns: ['user_id'] },
  notification_reads: { section: 'notifications', userColumns: ['user_id'] },
  staff_arcades: { section: 'operator', userColumns: ['user_id'] },
  audit_log: {
    section: 'operator',
    userColumns: ['actor_user_id', 'target_id'],
    withheld: {
      before: 'the changed record as it was, which may name other players',
      after: 'the changed record as it became, which may name other players',
    },
  },
};

export const isExported = (entry: ExportedTable | ExcludedTable): entry is ExportedTable =>
  'section' in entry;
