import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectOwnProfile, selectProfileStatus } from '../../auth';
import { apiError, installFakeApi, type FakeCall, type FakeReply } from '../test-api';
import {
  cardOwner,
  cardSecret,
  cardUrl,
  linkedProfile,
  oldCardUrl,
  signedInStore,
} from '../test-fixtures';
import { linkScannedCard } from './link-card-thunk';

afterEach(() => vi.unstubAllGlobals());

function server(link: FakeReply, user: FakeReply = { status: 200, body: cardOwner }) {
  return installFakeApi((call: FakeCall) => {
    if (call.method === 'GET' && call.path === `/api/user/${cardOwner.id}`) return user;
    if (call.method === 'POST' && call.path === '/api/v2/user/me/link') return link;
    return apiError(404, 'not_found', `no route ${call.method} ${call.path}`);
  });
}

describe('linking a scanned user card (spec §5, §7)', () => {
  it.each([
    'ftp://arcadia.example/u/0b6a4c9e-2f7d-4e1a-8c3b-5d9e1f2a3b4c',
    '0b6a4c9e-2f7d-4e1a-8c3b-5d9e1f2a3b4c',
    'https://arcadia.example/u/trinity',
    'https://arcadia.example/',
    'deviceId=berlin;arena-1',
    'http//broken-url',
  ])('ignores %j (not a user card) without asking the server', async (text) => {
    const { calls } = server({ status: 200, body: linkedProfile });
    const store = await signedInStore({ registered: false });
    expect(await store.dispatch(linkScannedCard(text))).toEqual({ kind: 'notACard' });
    expect(calls).toEqual([]);
  });

  it('a card without a claim secret is not sent: the server could only refuse it', async () => {
    const { calls } = server({ status: 200, body: linkedProfile });
    const store = await signedInStore({ registered: false });
    expect(await store.dispatch(linkScannedCard(oldCardUrl))).toEqual({ kind: 'noSecret' });
    expect(calls).toEqual([]);
  });

  it('confirms the user, links the card with its claim secret and makes its profile the own one', async () => {
    const { calls } = server({ status: 200, body: linkedProfile });
    const store = await signedInStore({ registered: false });
    const onUser = vi.fn();
    const outcome = await store.dispatch(linkScannedCard(cardUrl, onUser));
    expect(outcome).toEqual({ kind: 'linked', profile: linkedProfile });
    expect(onUser).toHaveBeenCalledWith(cardOwner);
    expect(calls.slice(0, 2)).toEqual([
      { method: 'GET', path: `/api/user/${cardOwner.id}`, body: undefined },
      {
        method: 'POST',
        path: '/api/v2/user/me/link',
        body: { userId: cardOwner.id, secret: cardSecret },
      },
    ]);
    expect(selectProfileStatus(store.getState())).toBe('registered');
    expect(selectOwnProfile(store.getState())?.id).toBe(cardOwner.id);
  });

  it('a user the server does not confirm is not linked (scanning resumes)', async () => {
    const { calls } = server(
      { status: 200, body: linkedProfile },
      apiError(404, 'not_found', 'No such user'),
    );
    const store = await signedInStore({ registered: false });
    const outcome = await store.dispatch(linkScannedCard(cardUrl));
    expect(outcome).toMatchObject({ kind: 'unknownCard', error: { status: 404 } });
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    expect(selectProfileStatus(store.getState())).toBe('loading');
  });

  it.each(['card_taken', 'already_registered'])(
    'a 409 %s is refused with its code and changes nothing',
    async (code) => {
      server(apiError(409, code, 'refused'));
      const store = await signedInStore({ registered: false });
      const outcome = await store.dispatch(linkScannedCard(cardUrl));
      expect(outcome).toEqual({
        kind: 'refused',
        user: cardOwner,
        error: { status: 409, code, message: 'refused', details: undefined },
      });
      expect(selectOwnProfile(store.getState())).toBeNull();
    },
  );
});
