import { useOutletContext } from 'react-router';
import type { Profile } from '@arcadia/contracts';

/** What the profile layout hands to its tabs. */
export interface ProfileOutletContext {
  profile: Profile;
  /** Whether this is the signed-in player's own profile. */
  isOwn: boolean;
}

export const useProfileOutlet = () => useOutletContext<ProfileOutletContext>();
