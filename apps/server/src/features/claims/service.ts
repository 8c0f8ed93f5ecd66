import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  CLAIM_TTL_HOURS,
  claimUrl,
  type ClaimErrorCode,
  type ClaimPreview,
  type Claimed,
  type DeviceClaims,
} from '@arcadia/contracts';
import type { Db, Queryable } from '../../db/client';
import type { AppEventBus } from '../../events/map';
import { AppError, deviceAuthFailed, deviceDisabled, notFound } from '../../plugins/errors';
import { giveGuestSlot, type GiveSlotRefusal } from '../games';
import { currentUser } from '../users';

/**
 * Claim codes for guests' results (contracts/claims.ts). A code is 24 random bytes (hex); the
 * database keeps only its SHA-256 with the slot, the game, the expiry (the game's storing +
 * CLAIM_TTL_HOURS) and when it was used. One row per slot: a new code for a slot replaces the
 * old one, so a device asking again (a retry, a restart) never leaves two codes that both work.
 * Claiming gives the slot through the operators' path (features/games/assign-slot.ts): the
 * statistics, rank buckets and rating in the same transaction, and 'game.slot.assigned'.
 */

const claimError = (status: number, code: ClaimErrorCode, message: string) =>
  new AppError(status, code, message);

const errors = {
  notFound: () => claimError(404, 'claim_not_found', 'There is no such claim code'),
  expired: () =>
    claimError(
      410,
      'claim_expired',
      `The claim code has expired: results can be claimed for ${CLAIM_TTL_HOURS} hours after the match`,
    ),
  used: () => claimError(409, 'claim_used', 'This result has been claimed already'),
  voided: () =>
    claimError(409, 'claim_game_voided', 'The game was voided: its results cannot be claimed'),
  inGame: () =>
    claimError(409, 'claim_already_in_game', 'You played in this game already: one result each'),
};

const REFUSALS: Record<GiveSlotRefusal, () => AppError> = {
  no_game: errors.notFound,
  no_slot: errors.notFound,
  voided: errors.voided,
  not_guest: errors.used,
  no_player: errors.notFound,
  in_game: errors.inGame,
};

export const hashClaimToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(24).toString('hex');

const iso = (column: string) =>
  sql.raw(`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * New claim codes for the guest slots of a game this device reported: every guest slot not
 * claimed yet gets a fresh code, replacing its previous one (the expiry stays that of the first
 * code). None when the game is voided or its codes have expired. 404 for a game that is not
 * this device's.
 */
export async function issueClaims(
  db: Db,
  publicUrl: string,
  device: { arcadeId: string; id: string; keyHash?: string },
  gameId: string,
): Promise<DeviceClaims> {
  return db.transaction(async (tx) => {
    // The game row is not locked: a claim locks its claim row, then the game row; taking them the
    // other way round here could deadlock. A claim running meanwhile is settled by the upsert.
    // The device is read with it: the route trusts a key it verified a few seconds ago, and a new
    // key or a disable since must count at once (as for game reports).
    const { rows: found } = await tx.execute<{
      key_ok: boolean;
      disabled: boolean;
      game: boolean;
      voided: boolean;
      expires_at: string;
    }>(sql`
      select ${device.keyHash ?? null}::text is null or d.key_hash = ${device.keyHash ?? null}
               as key_ok,
             d.disabled_at is not null as disabled,
             g.id is not null as game,
             g.voided_at is not null as voided,
             ${iso(`g.created_at + interval '${CLAIM_TTL_HOURS} hours'`)} as expires_at
        from devices d
        left join games g on g.id = ${gameId} and g.arcade_id = d.arcade_id and g.device_id = d.id
       where d.arcade_id = ${device.arcadeId} and d.id = ${device.id}`);
    const game = found[0];
    if (!game?.key_ok) throw deviceAuthFailed();
    if (game.disabled) throw deviceDisabled();
    if (!game.game) throw notFound('This device reported no such game');
    const expiresAt = game.expires_at;
    if (game.voided || Date.parse(expiresAt) <= Date.now())
      return { gameId, expiresAt, claims: [] };
    const { rows: slots } = await tx.execute<{
      id: number;
      name: string;
      team_id: number | null;
      kills: number;
      deaths: number;
      score: number;
    }>(sql`
      select p.id, p.name, p.team_id, p.kills, p.deaths, p.score
        from game_players p
        left join game_claims c on c.slot_id = p.id
       where p.game_id = ${gameId} and p.user_id is null and not p.anonymised
         and c.used_at is null
       order by p.id`);
    if (slots.length === 0) return { gameId, expiresAt, claims: [] };
    const tokens = slots.map(() => newToken());
    // A slot claimed since it was read (its row locked by the claim, then used) keeps its row:
    // only the codes written are answered.
    const { rows: written } = await tx.execute<{ slot_id: number }>(sql`
      insert into game_claims (slot_id, game_id, token_hash, expires_at)
      values ${sql.join(
        slots.map(
          (s, i) =>
            sql`(${s.id}, ${gameId}::uuid, ${hashClaimToken(tokens[i]!)}, ${expiresAt}::timestamptz)`,
        ),
        sql`, `,
      )}
      on conflict (slot_id) do update
        set token_hash = excluded.token_hash, issued_at = now()
        where game_claims.used_at is null
      returning slot_id`);
    const issued = new Set(written.map((r) => r.slot_id));
    return {
      gameId,
      expiresAt,
      claims: slots.flatMap((s, i) =>
        issued.has(s.id)
          ? [
              {
                slotId: s.id,
                name: s.name,
                teamId: s.team_id,
                kills: s.kills,
                deaths: s.deaths,
                score: s.score,
                url: claimUrl(publicUrl, tokens[i]!),
              },
            ]
          : [],
      ),
    };
  });
}

type ClaimRow = {
  slot_id: number;
  game_id: string;
  expired: boolean;
  used: boolean;
  /** The slot is the player's already: they took it (a second scan, a retry) or were given it. */
  yours: boolean;
  voided: boolean;
};

/**
 * The claim of a token for the player, checked for use and expiry (the player's own result
 * passes both: it stays theirs); locked with `lock`.
 */
async function openClaim(
  db: Queryable,
  token: string,
  userId: string,
  lock: boolean,
): Promise<ClaimRow> {
  const tokenHash = hashClaimToken(token);
  // The lock first, in a statement of its own: a read that waits for a row lock sees that row
  // anew but keeps its snapshot for the rest, so a second tap of the player's own, waiting for
  // the first, found the code used and the slot not yet theirs (409 instead of 200, PostgreSQL).
  // The read below starts after the lock, with the first tap's commit in its snapshot.
  if (lock)
    await db.execute(sql`select 1 from game_claims where token_hash = ${tokenHash} for update`);
  const { rows } = await db.execute<ClaimRow>(sql`
    select c.slot_id, c.game_id, c.expires_at <= now() as expired, c.used_at is not null as used,
           exists (select 1 from game_players p
                    where p.id = c.slot_id and p.user_id = ${userId}::uuid) as yours,
           exists (select 1 from games g
                    where g.id = c.game_id and g.voided_at is not null) as voided
      from game_claims c where c.token_hash = ${tokenHash}`);
  const claim = rows[0];
  if (!claim) throw errors.notFound();
  if (claim.yours) return claim;
  if (claim.used) throw errors.used();
  if (claim.expired) throw errors.expired();
  return claim;
}

/**
 * What a claim code gives, for the signed-in, registered player about to take it; the same
 * refusals as claiming (used, expired, voided, in the game already), nothing written.
 */
export async function previewClaim(db: Db, sub: string, token: string): Promise<ClaimPreview> {
  const me = await currentUser(db, sub);
  const claim = await openClaim(db, token, me.id, false);
  const { rows } = await db.execute<{
    preview: ClaimPreview;
    voided: boolean;
    guest: boolean;
    mine: boolean;
  }>(sql`
    select json_build_object(
        'gameId', g.id, 'type', g.type,
        'modeName', json_build_object('de', coalesce(gm.name_de, g.type),
                                      'en', coalesce(gm.name_en, g.type)),
        'application', json_build_object('id', g.application_id,
                                         'name', coalesce(a.name, g.application_id)),
        'arcade', json_build_object('id', g.arcade_id, 'name', coalesce(ar.name, g.arcade_id)),
        'device', json_build_object('id', g.device_id, 'name', coalesce(d.name, g.device_id)),
        'map', json_build_object('id', m.id, 'name', m.name),
        'playedAt', ${iso('g.played_at')},
        'expiresAt', ${iso('c.expires_at')},
        'guest', json_build_object('name', p.name, 'kills', p.kills, 'deaths', p.deaths,
                                   'score', p.score, 'won', p.won),
        'claimed', p.user_id is not null and p.user_id = ${me.id}::uuid) as preview,
      g.voided_at is not null as voided,
      p.user_id is null and not p.anonymised as guest,
      exists (select 1 from game_players o
               where o.game_id = g.id and o.user_id = ${me.id}::uuid) as mine
    from game_claims c
    join game_players p on p.id = c.slot_id
    join games g on g.id = c.game_id
    join maps m on m.id = g.map_id
    left join applications a on a.id = g.application_id
    left join game_modes gm on gm.application_id = g.application_id and gm.id = g.type
    left join arcades ar on ar.id = g.arcade_id
    left join devices d on d.arcade_id = g.arcade_id and d.id = g.device_id
    where c.slot_id = ${claim.slot_id}`);
  const row = rows[0];
  if (!row) throw errors.notFound();
  if (row.voided) throw errors.voided();
  if (row.preview.claimed) return row.preview;
  if (!row.guest) throw errors.used();
  if (row.mine) throw errors.inGame();
  return row.preview;
}

/**
 * Takes a guest's result with its claim code, in one transaction: the claim row locked (a second
 * scan waits, then finds it used), the slot given (giveGuestSlot: statistics, ranks, rating, live
 * signal, 'game.slot.assigned'), the code marked used. Refused: not registered (404
 * not_registered), unknown or replaced code, used, expired, voided game, a player of the game.
 */
export async function claimResult(
  db: Db,
  events: AppEventBus,
  sub: string,
  token: string,
): Promise<Claimed> {
  return db.transaction(async (tx) => {
    const me = await currentUser(tx, sub);
    const claim = await openClaim(tx, token, me.id, true);
    // Theirs already (a second tap, a retry after a lost answer): the same answer, nothing written;
    // a game voided since is refused as the preview refuses it.
    if (claim.yours) {
      if (claim.voided) throw errors.voided();
      return { gameId: claim.game_id };
    }
    const result = await giveGuestSlot(tx, events, {
      gameId: claim.game_id,
      slotId: claim.slot_id,
      userId: me.id,
      via: 'claim',
    });
    if (!result.given) throw REFUSALS[result.refusal]();
    await tx.execute(sql`update game_claims set used_at = now() where slot_id = ${claim.slot_id}`);
    return { gameId: claim.game_id };
  });
}
