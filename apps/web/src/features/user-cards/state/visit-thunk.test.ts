import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayingDevice } from '@arcadia/contracts';
import { playSlice } from '../../play';
import { apiError, installFakeApi } from '../test-api';
import { cardOwner, cardUrl, me, signedInStore, visit } from '../test-fixtures';
import { meetScannedPlayer } from './visit-thunk';

afterEach(() => vi.unstubAllGlobals());

describe('meeting a player by their card', () => {
  it('records the visit and answers it', async () => {
    const { calls } = installFakeApi(() => ({ status: 201, body: visit() }));
    const store = await signedInStore();
    expect(await store.dispatch(meetScannedPlayer(cardUrl))).toEqual({
      kind: 'met',
      visit: visit(),
    });
    expect(calls).toEqual([
      { method: 'POST', path: '/api/visits', body: { userId: cardOwner.id } },
    ]);
  });

  it('records it at the arcade of the device the player is on', async () => {
    const { calls } = installFakeApi(() => ({ status: 201, body: visit() }));
    const store = await signedInStore();
    const device: PlayingDevice = {
      id: 'arena-1',
      arcade: 'berlin',
      name: 'Arena 1',
      arcadeName: 'Arcadia Berlin',
      applicationId: 'commando',
      joinedAt: '2026-03-01T18:00:00.000Z',
    };
    store.dispatch(playSlice.actions.playOnDeviceSuccess(device));
    await store.dispatch(meetScannedPlayer(cardUrl));
    expect(calls[0]!.body).toEqual({ userId: cardOwner.id, arcadeId: 'berlin' });
  });

  it('ignores what is not a user card and the own card, asking nobody', async () => {
    const { calls } = installFakeApi(() => ({ status: 201, body: visit() }));
    const store = await signedInStore();
    expect(await store.dispatch(meetScannedPlayer('hello'))).toEqual({ kind: 'notACard' });
    expect(await store.dispatch(meetScannedPlayer(`https://arcadia.example/u/${me.id}`))).toEqual({
      kind: 'ownCard',
    });
    expect(calls).toEqual([]);
  });

  it('passes a refusal on', async () => {
    installFakeApi(() => apiError(404, 'not_found', 'No such user'));
    const store = await signedInStore();
    expect(await store.dispatch(meetScannedPlayer(cardUrl))).toMatchObject({
      kind: 'failed',
      error: { status: 404 },
    });
  });
});
