import { describe, expect, it, vi } from 'vitest';
import type { OwnProfile, UserSummary } from '@arcadia/contracts';
import { selectOwnProfile, selectProfileStatus } from '../../auth';
import { apiCalls, apiError, handlers, server, type Reply } from '../../../testing/api';
import {
  CARD_SECRET as cardSecret,
  CARD_URL as cardUrl,
  neo,
  OLD_CARD_URL as oldCardUrl,
  userSummary,
} from '../../../testing/factories';
import { signedInStore } from '../../../testing/store';
import { linkScannedCard } from './link-card-thunk';

const cardOwner = userSummary();
const linkedProfile = neo({
  id: cardOwner.id,
  userName: 'trinity',
  name: 'trinity',
  earlyAdopter: true,
});

/** The card's user (GET /api/user/{id}) and the link. */
function serve(link: Reply<OwnProfile>, user: Reply<UserSummary> = { body: cardOwner }) {
  server.use(handlers.getUserSummary(user, { id: cardOwner.id }), handlers.linkCard(link));
}
/** What the app sent, call by call. */
const sent = () => apiCalls.map(({ method, path, body }) => ({ method, path, body }));

describe('linking a scanned user card (spec §5, §7)', () => {
  it.each([
    'ftp://arcadia.example/u/0b6a4c9e-2f7d-4e1a-8c3b-5d9e1f2a3b4c',
    '0b6a4c9e-2f7d-4e1a-8c3b-5d9e1f2a3b4c',
    'https://arcadia.example/u/trinity',
    'https://arcadia.example/',
    'deviceId=berlin;arena-1',
    'http//broken-url',
  ])('ignores %j (not a user card) without asking the server', async (text) => {
    serve({ body: linkedProfile });
    const store = await signedInStore(null);
    expect(await store.dispatch(linkScannedCard(text))).toEqual({ kind: 'notACard' });
    expect(sent()).toEqual([]);
  });

  it('a card without a claim secret is not sent: the server could only refuse it', async () => {
    serve({ body: linkedProfile });
    const store = await signedInStore(null);
    expect(await store.dispatch(linkScannedCard(oldCardUrl))).toEqual({ kind: 'noSecret' });
    expect(sent()).toEqual([]);
  });

  it('confirms the user, links the card with its claim secret and makes its profile the own one', async () => {
    serve({ body: linkedProfile });
    const store = await signedInStore(null);
    const onUser = vi.fn();
    const outcome = await store.dispatch(linkScannedCard(cardUrl, onUser));
    expect(outcome).toEqual({ kind: 'linked', profile: linkedProfile });
    expect(onUser).toHaveBeenCalledWith(cardOwner);
    expect(sent().slice(0, 2)).toEqual([
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
    serve({ body: linkedProfile }, apiError(404, 'not_found', 'No such user'));
    const store = await signedInStore(null);
    const outcome = await store.dispatch(linkScannedCard(cardUrl));
    expect(outcome).toMatchObject({ kind: 'unknownCard', error: { status: 404 } });
    expect(sent().map((c) => c.method)).toEqual(['GET']);
    expect(selectProfileStatus(store.getState())).toBe('loading');
  });

  it.each(['card_taken', 'already_registered'])(
    'a 409 %s is refused with its code and changes nothing',
    async (code) => {
      serve(apiError(409, code, 'refused'));
      const store = await signedInStore(null);
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
