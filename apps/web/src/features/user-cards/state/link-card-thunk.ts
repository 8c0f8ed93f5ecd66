import { parseUserCard, type OwnProfile, type UserSummary } from '@arcadia/contracts';
import type { AppThunk } from '../../../app/store';
import type { ApiFailure } from '../../../lib/api/base';
import { meApi } from '../../auth';
import { toFailure } from '../api/failure';
import { getUserApi } from '../api/get-user';
import { linkCardApi } from '../api/link-card';

export type LinkCardOutcome =
  /** Not a user card (no http URL whose last segment holds a hyphen): scanning resumes. */
  | { kind: 'notACard' }
  /** GET /api/user/{id} failed: scanning resumes. */
  | { kind: 'unknownCard'; error: ApiFailure }
  /** The card's player is known but the link was refused (card taken, already registered...). */
  | { kind: 'refused'; user: UserSummary; error: ApiFailure }
  | { kind: 'linked'; profile: OwnProfile };

/**
 * A code from the user-card scanner on /login/link (spec §5, §7): check its shape, confirm the
 * user, link the signed-in identity to that profile. On success the app's own profile is the
 * linked one at once (so the guards let the player through to it) and is loaded again.
 */
export const linkScannedCard =
  (text: string, onUser?: (user: UserSummary) => void): AppThunk<Promise<LinkCardOutcome>> =>
  async (dispatch) => {
    const userId = parseUserCard(text);
    if (!userId) return { kind: 'notACard' };
    const found = await dispatch(
      getUserApi.endpoints.getUserSummary.initiate(userId, {
        subscribe: false,
        forceRefetch: true,
      }),
    );
    if (!found.data) return { kind: 'unknownCard', error: toFailure(found.error) };
    onUser?.(found.data);
    const linked = await dispatch(linkCardApi.endpoints.linkCard.initiate(found.data.id));
    if (!linked.data) return { kind: 'refused', user: found.data, error: toFailure(linked.error) };
    await dispatch(meApi.util.upsertQueryData('getMe', undefined, linked.data));
    return { kind: 'linked', profile: linked.data };
  };
