import { parseUserCard, type Visit } from '@arcadia/contracts';
import type { AppThunk } from '../../../lib/store/store';
import type { ApiFailure } from '../../../lib/api/failure';
import { selectOwnProfile } from '../../auth';
import { selectCurrentDevice } from '../../play';
import { toFailure } from '../../../lib/api/failure';
import { recordVisitApi } from '../api/record-visit';

export type MeetOutcome =
  | { kind: 'notACard' }
  /** The player's own card: nobody to meet. */
  | { kind: 'ownCard' }
  | { kind: 'failed'; error: ApiFailure }
  | { kind: 'met'; visit: Visit };

/**
 * A code from the user-card scanner on /visit: the signed-in player met the card's owner. The
 * meeting is recorded at the arcade of the device the player is on, when on one.
 */
export const meetScannedPlayer =
  (text: string): AppThunk<Promise<MeetOutcome>> =>
  async (dispatch, getState) => {
    const userId = parseUserCard(text);
    if (!userId) return { kind: 'notACard' };
    if (selectOwnProfile(getState())?.id === userId) return { kind: 'ownCard' };
    const arcadeId = selectCurrentDevice(getState())?.arcade;
    const record = (at?: string) =>
      dispatch(
        recordVisitApi.endpoints.recordVisit.initiate(at ? { userId, arcadeId: at } : { userId }),
      );
    let result = await record(arcadeId);
    // The server places a meeting only where it knows the player is; the device shown here may
    // have let them go meanwhile. The meeting still counts, without the place.
    if (arcadeId && placeRefused(toFailure(result.error))) result = await record();
    if (result.data) return { kind: 'met', visit: result.data };
    const error = toFailure(result.error);
    if (error.status === 400 && error.details?.some((d) => d.message === 'is your own id'))
      return { kind: 'ownCard' };
    return { kind: 'failed', error };
  };

const placeRefused = (error: ApiFailure) =>
  error.status === 400 && (error.details?.some((d) => d.path === 'arcadeId') ?? false);
