import { describe, expect, it } from 'vitest';
import type { PlayingDevice } from '@arcadia/contracts';
import { playSlice } from '../../play';
import { apiCalls, apiError, handlers, server } from '../../../testing/api';
import { CARD_URL as cardUrl, neo, userSummary, visit } from '../../../testing/factories';
import { signedInStore as signedIn } from '../../../testing/store';
import { meetScannedPlayer } from './visit-thunk';

const me = neo();
const cardOwner = userSummary();
const signedInStore = () => signedIn(me);
/** The device the player is on, at Arcadia Berlin. */
const arena: PlayingDevice = {
  id: 'arena-1',
  arcade: 'berlin',
  name: 'Arena 1',
  arcadeName: 'Arcadia Berlin',
  applicationId: 'commando',
  joinedAt: '2026-03-01T18:00:00.000Z',
};
/** What the app sent, call by call. */
const sent = () => apiCalls.map(({ method, path, body }) => ({ method, path, body }));

describe('meeting a player by their card', () => {
  it('records the visit and answers it', async () => {
    server.use(handlers.recordVisit({ status: 201, body: visit() }));
    const store = await signedInStore();
    expect(await store.dispatch(meetScannedPlayer(cardUrl))).toEqual({
      kind: 'met',
      visit: visit(),
    });
    expect(sent()).toEqual([
      { method: 'POST', path: '/api/visits', body: { userId: cardOwner.id } },
    ]);
  });

  it('records it at the arcade of the device the player is on', async () => {
    server.use(handlers.recordVisit({ status: 201, body: visit() }));
    const store = await signedInStore();
    store.dispatch(playSlice.actions.playOnDeviceSuccess(arena));
    await store.dispatch(meetScannedPlayer(cardUrl));
    expect(sent()[0]!.body).toEqual({ userId: cardOwner.id, arcadeId: 'berlin' });
  });

  it('records it without the arcade when the server does not place the player there', async () => {
    server.use(
      handlers.recordVisit(({ body }) =>
        body.arcadeId
          ? apiError(400, 'bad_request', 'You are not playing at Arcadia Berlin now', [
              { path: 'arcadeId', message: 'is not an arcade you are playing at' },
            ])
          : { status: 201, body: visit() },
      ),
    );
    const store = await signedInStore();
    store.dispatch(playSlice.actions.playOnDeviceSuccess(arena));
    expect(await store.dispatch(meetScannedPlayer(cardUrl))).toEqual({
      kind: 'met',
      visit: visit(),
    });
    expect(sent().map((call) => call.body)).toEqual([
      { userId: cardOwner.id, arcadeId: 'berlin' },
      { userId: cardOwner.id },
    ]);
  });

  it('ignores what is not a user card and the own card, asking nobody', async () => {
    server.use(handlers.recordVisit({ status: 201, body: visit() }));
    const store = await signedInStore();
    expect(await store.dispatch(meetScannedPlayer('hello'))).toEqual({ kind: 'notACard' });
    expect(await store.dispatch(meetScannedPlayer(`https://arcadia.example/u/${me.id}`))).toEqual({
      kind: 'ownCard',
    });
    expect(sent()).toEqual([]);
  });

  it('passes a refusal on', async () => {
    server.use(handlers.recordVisit(apiError(404, 'not_found', 'No such user')));
    const store = await signedInStore();
    expect(await store.dispatch(meetScannedPlayer(cardUrl))).toMatchObject({
      kind: 'failed',
      error: { status: 404 },
    });
  });
});
