import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  CARDS_PER_SHEET_PAGE,
  type CardBatch,
  type CardBatchCard,
  type CardBatchDetail,
  type CardBatches,
  type CardBatchesQuery,
} from '@arcadia/contracts';
import type { Queryable, Tx } from '../../db/client';
import { userCardBatchCards, userCardBatches, users } from '../../db/schema';
import { usernameSkeleton } from '../../db/username-skeleton';
import { AppError, notFound } from '../../plugins/errors';
import { newCardSecret } from './card-secret';

/**
 * Batches of unclaimed profiles for printed user cards (the operator console). A batch's profiles
 * get their claim secrets when a sheet is printed: only a secret's hash is stored, so a sheet
 * can only carry secrets issued for it, and printing one again issues new ones (the cards of
 * the earlier sheet stop claiming, as `card reprint` does). A claimed card's secret is spent
 * (linkCard) and the card is left off every later sheet.
 */

/** Generated names: `Karte-` and six characters that cannot be mistaken for one another. */
const NAME_PREFIX = 'Karte-';
const NAME_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const NAME_LENGTH = 6;

function generatedName(): string {
  let name = NAME_PREFIX;
  for (let i = 0; i < NAME_LENGTH; i++) name += NAME_ALPHABET[randomInt(NAME_ALPHABET.length)];
  return name;
}

/**
 * `count` new unclaimed profiles with generated names (no name of another, nor a look-alike:
 * a taken one is drawn again), in the order given, as a new batch of the arcade.
 */
export async function insertCardBatch(
  tx: Tx,
  input: { arcadeId: string; label: string | null; count: number; createdBy: string },
): Promise<string> {
  const [batch] = await tx
    .insert(userCardBatches)
    .values({
      arcadeId: input.arcadeId,
      label: input.label,
      size: input.count,
      createdBy: input.createdBy,
    })
    .returning({ id: userCardBatches.id });
  const ids: string[] = [];
  // 31^6 names: a collision is rare, ten rounds without a free name would mean a bug.
  for (let round = 0; ids.length < input.count; round++) {
    if (round === 10) throw new AppError(500, 'internal', 'No free card names were found');
    const names = new Set<string>();
    while (names.size < input.count - ids.length) names.add(generatedName());
    const rows = await tx
      .insert(users)
      .values(
        [...names].map((userName) => ({ userName, userNameSkeleton: usernameSkeleton(userName) })),
      )
      .onConflictDoNothing()
      .returning({ id: users.id });
    ids.push(...rows.map((r) => r.id));
  }
  await tx
    .insert(userCardBatchCards)
    .values(ids.map((userId, i) => ({ batchId: batch!.id, position: i + 1, userId })));
  return batch!.id;
}

const claimed = sql<number>`count(${userCardBatchCards.userId}) filter (where ${users.identitySub} is not null)::int`;
const unclaimed = sql<number>`count(${userCardBatchCards.userId}) filter (where ${users.identitySub} is null)::int`;
const creator = sql<
  string | null
>`(select c.user_name from users c where c.id = ${userCardBatches.createdBy})`;

type BatchRow = typeof userCardBatches.$inferSelect & {
  claimed: number;
  unclaimed: number;
  creatorName: string | null;
};

function toCardBatch(row: BatchRow): CardBatch {
  return {
    id: row.id,
    arcadeId: row.arcadeId,
    label: row.label,
    size: row.size,
    claimed: row.claimed,
    unclaimed: row.unclaimed,
    deleted: row.size - row.claimed - row.unclaimed,
    createdAt: row.createdAt.toISOString(),
    createdBy:
      row.createdBy && row.creatorName !== null
        ? { userId: row.createdBy, userName: row.creatorName }
        : null,
    printedAt: row.printedAt?.toISOString() ?? null,
  };
}

function batchRows(db: Queryable) {
  return db
    .select({
      id: userCardBatches.id,
      arcadeId: userCardBatches.arcadeId,
      label: userCardBatches.label,
      size: userCardBatches.size,
      createdBy: userCardBatches.createdBy,
      createdAt: userCardBatches.createdAt,
      printedAt: userCardBatches.printedAt,
      claimed,
      unclaimed,
      creatorName: creator,
    })
    .from(userCardBatches)
    .leftJoin(userCardBatchCards, eq(userCardBatchCards.batchId, userCardBatches.id))
    .leftJoin(users, eq(users.id, userCardBatchCards.userId));
}

/** The arcade's batches, newest first, a page at a time (`before`: the last batch seen). */
export async function cardBatchPage(
  db: Queryable,
  arcadeId: string,
  query: CardBatchesQuery,
): Promise<CardBatches> {
  const after = query.before
    ? sql`(${userCardBatches.createdAt}, ${userCardBatches.id}) < (select b.created_at, b.id from user_card_batches b where b.id = ${query.before})`
    : undefined;
  const rows = await batchRows(db)
    .where(and(eq(userCardBatches.arcadeId, arcadeId), after))
    .groupBy(userCardBatches.id)
    .orderBy(desc(userCardBatches.createdAt), desc(userCardBatches.id))
    .limit(query.limit + 1);
  const batches = rows.slice(0, query.limit).map(toCardBatch);
  return {
    batches,
    next: rows.length > query.limit ? (batches.at(-1)?.id ?? null) : null,
  };
}

async function batchOf(db: Queryable, arcadeId: string, batchId: string): Promise<CardBatch> {
  const [row] = await batchRows(db)
    .where(and(eq(userCardBatches.id, batchId), eq(userCardBatches.arcadeId, arcadeId)))
    .groupBy(userCardBatches.id);
  if (!row) throw notFound('No such card batch in this arcade');
  return toCardBatch(row);
}

/** A batch with its cards in print order: which are claimed, which can be claimed. */
export async function cardBatchDetail(
  db: Queryable,
  arcadeId: string,
  batchId: string,
): Promise<CardBatchDetail> {
  const batch = await batchOf(db, arcadeId, batchId);
  const rows = await db
    .select({
      position: userCardBatchCards.position,
      userId: users.id,
      userName: users.userName,
      identitySub: users.identitySub,
      hasSecret: sql<boolean>`${users.cardSecretHash} is not null`,
      claimedAt: userCardBatchCards.claimedAt,
    })
    .from(userCardBatchCards)
    .innerJoin(users, eq(users.id, userCardBatchCards.userId))
    .where(eq(userCardBatchCards.batchId, batchId))
    .orderBy(asc(userCardBatchCards.position));
  const cards = rows.map((r): CardBatchCard => ({
    position: r.position,
    userId: r.userId,
    userName: r.userName,
    status: r.identitySub !== null ? 'claimed' : r.hasSecret ? 'printed' : 'unprinted',
    claimedAt: r.claimedAt?.toISOString() ?? null,
  }));
  return { ...batch, cards };
}

/** A card of a sheet, with the claim secret issued for it (never stored, only its hash). */
export interface IssuedCard {
  position: number;
  userId: string;
  userName: string;
  secret: string;
}

export interface IssuedSheet {
  batch: CardBatch;
  cards: IssuedCard[];
  /** The first page these cards are on, and how many pages all unclaimed cards fill. */
  firstPage: number;
  pageCount: number;
}

const allClaimed = () =>
  new AppError(409, 'batch_claimed', 'Every card of this batch is claimed: nothing to print');

/**
 * New claim secrets for the batch's unclaimed cards — all of them, or those of one page of the
 * sheet — in the caller's transaction, the profiles locked so that a claim waits for it. Claimed
 * cards are left out. 404 unknown batch (or another arcade's), 409 when every card is claimed
 * or the page is past the last.
 */
export async function issueSheetSecrets(
  tx: Tx,
  arcadeId: string,
  batchId: string,
  page: number | undefined,
): Promise<IssuedSheet> {
  await batchOf(tx, arcadeId, batchId);
  const open = await tx
    .select({
      position: userCardBatchCards.position,
      userId: users.id,
      userName: users.userName,
    })
    .from(userCardBatchCards)
    .innerJoin(users, eq(users.id, userCardBatchCards.userId))
    .where(and(eq(userCardBatchCards.batchId, batchId), isNull(users.identitySub)))
    .orderBy(asc(userCardBatchCards.position))
    .for('update', { of: users });
  if (open.length === 0) throw allClaimed();
  const pageCount = Math.ceil(open.length / CARDS_PER_SHEET_PAGE);
  if (page !== undefined && page > pageCount)
    throw new AppError(409, 'no_such_page', `The sheet has ${pageCount} page(s)`, [
      { path: 'page', message: `must be at most ${pageCount}` },
    ]);
  const chosen =
    page === undefined
      ? open
      : open.slice((page - 1) * CARDS_PER_SHEET_PAGE, page * CARDS_PER_SHEET_PAGE);
  const cards: IssuedCard[] = [];
  for (const card of chosen) {
    const { secret, hash } = newCardSecret();
    await tx
      .update(users)
      .set({ cardSecretHash: hash })
      .where(and(eq(users.id, card.userId), isNull(users.identitySub)));
    cards.push({ ...card, secret });
  }
  await tx
    .update(userCardBatches)
    .set({ printedAt: sql`now()` })
    .where(eq(userCardBatches.id, batchId));
  return { batch: await batchOf(tx, arcadeId, batchId), cards, firstPage: page ?? 1, pageCount };
}

/** A card of a batch was claimed: when (linkCard, in its transaction). */
export async function markBatchCardClaimed(db: Queryable, userId: string): Promise<void> {
  await db
    .update(userCardBatchCards)
    .set({ claimedAt: sql`now()` })
    .where(eq(userCardBatchCards.userId, userId));
}

/** A deleted player leaves no trace in a batch: their card's row goes, as creator they are nulled. */
export async function forgetBatchesOf(db: Queryable, userId: string): Promise<void> {
  await db.delete(userCardBatchCards).where(eq(userCardBatchCards.userId, userId));
  await db
    .update(userCardBatches)
    .set({ createdBy: null })
    .where(eq(userCardBatches.createdBy, userId));
}
