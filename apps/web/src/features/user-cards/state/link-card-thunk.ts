import { parseUserCardClaim, type OwnProfile, type UserSummary } from '@arcadia/contracts';
import type { AppThunk } from '../../../lib/store/store';
import type { ApiFailure } from '../../../lib/api/failure';
import { meApi } from '../../auth';
import { toFailure } from '../../../lib/api/failure';
import { getUserApi } from '../api/get-user';
import { linkCardApi } from '../api/link-card';

export type LinkCardOutcome =
  /** Not a user card (no http URL whose last segment holds a hyphen): scanning resumes. */
  | { kind: 'notACard' }
  /** A user card without a claim secret (printed before cards had one): it can only meet. */
  | { kind: 'noSecret' }
  /** GET /api/user/{id} failed: scanning resumes. */
  | { kind: 'unknownCard'; error: ApiFailure }
  /** The card's player is known but the link was refused (card taken, already registered...). */
  | { kind: 'refused'; user: UserSummary; error: ApiFailure }
  | { kind: 'linked'; profile: OwnProfile };

/**
 * A code from the user-card scanner on /login/link (spec §5, §7): check its shape, confirm the
 * user, link the signed-in identity to that profile with the card's claim secret (`?k=` of the
 * card URL). On success the app's own profile is the linked one at once (so the guards let the
 * player through to it) and is loaded again.
 */
export const linkScannedCard =
  (text: string, onUser?: (user: UserSummary) => void): AppThunk<Promise<LinkCardOutcome>> =>
  async (dispatch) => {
    const card = parseUserCardClaim(text);
    if (!card) return { kind: 'notACard' };
    const { userId, secret } = card;
    // The server would answer such a card as an unknown one: say what is wrong without asking.
    if (!secret) return { kind: 'noSecret' };
    const found = await dispatch(
      getUserApi.endpoints.getUserSummary.initiate(userId, {
        subscribe: false,
        forceRefetch: true,
      }),
    );
    if (!found.data) return { kind: 'unknownCard', error: toFailure(found.error) };
    onUser?.(found.data);
    const linked = await dispatch(
      linkCardApi.endpoints.linkCard.initiate({ userId: found.data.id, secret }),
    );
    if (!linked.data) return { kind: 'refused', user: found.data, error: toFailure(linked.error) };
    await dispatch(meApi.util.upsertQueryData('getMe', undefined, linked.data));
    return { kind: 'linked', profile: linked.data };
  };
