import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { activeTab } from './ProfileTabs';

/**
 * The compare tab is a friend's: when the player removes the friend while on it, the page goes
 * to the statistics tab (the toast says what happened) instead of showing the refused
 * comparison. Only on that change: a friends list still loading says nothing yet.
 */
export function LeaveCompareWhenUnfriended({
  profileId,
  isFriend,
}: {
  profileId: string;
  isFriend: boolean | null;
}) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const wasFriend = useRef(false);
  useEffect(() => {
    if (isFriend === true) wasFriend.current = true;
    if (isFriend !== false) return;
    const removed = wasFriend.current;
    wasFriend.current = false;
    if (removed && activeTab(pathname) === 'compare')
      void navigate(`/profile/${encodeURIComponent(profileId)}`, { replace: true });
  }, [isFriend, pathname, profileId, navigate]);
  return null;
}
