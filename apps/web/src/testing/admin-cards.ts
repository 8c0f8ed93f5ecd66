/**
 * Test support: the console's user-card routes (/api/admin/arcades/{id}/user-cards/…) in the fake
 * API, typed with the contracts, and their test data.
 */
import type {
  CardBatch,
  CardBatchCard,
  CardBatchCreate,
  CardBatchDetail,
  CardBatches,
} from '@arcadia/contracts';
import { route } from './api';

const batches = '/api/admin/arcades/:arcadeId/user-cards/batches';

export const cardHandlers = {
  getCardBatches: route<CardBatches>('get', batches),
  createCardBatch: route<CardBatchDetail, CardBatchCreate>('post', batches),
  getCardBatch: route<CardBatchDetail>('get', `${batches}/:batchId`),
  /** A printed sheet: answer a Blob (`new Blob([...], { type: 'application/pdf' })`). */
  printCardSheet: route<Blob>('post', `${batches}/:batchId/sheet`),
};

export const BATCH = '6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';

export function cardBatch(overrides: Partial<CardBatch> = {}): CardBatch {
  return {
    id: BATCH,
    arcadeId: 'berlin',
    label: 'Sommerfest',
    size: 3,
    claimed: 1,
    unclaimed: 2,
    deleted: 0,
    createdAt: '2026-11-26T12:00:00.000Z',
    createdBy: { userId: '00000000-0000-4000-8000-000000000001', userName: 'Me' },
    printedAt: null,
    ...overrides,
  };
}

export function batchCard(position: number, overrides: Partial<CardBatchCard> = {}): CardBatchCard {
  return {
    position,
    userId: `00000000-0000-4000-8000-0000000001${String(position).padStart(2, '0')}`,
    userName: `Karte-ABCDE${position}`,
    status: 'unprinted',
    claimedAt: null,
    ...overrides,
  };
}

export function cardBatchDetail(overrides: Partial<CardBatchDetail> = {}): CardBatchDetail {
  return {
    ...cardBatch(),
    cards: [
      batchCard(1, { status: 'claimed', claimedAt: '2026-11-26T15:30:00.000Z' }),
      batchCard(2),
      batchCard(3),
    ],
    ...overrides,
  };
}
