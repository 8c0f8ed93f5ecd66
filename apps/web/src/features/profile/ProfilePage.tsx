import { useEffect, useState } from 'react';
import {
  Navigate,
  Outlet,
  useParams,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasStoredSession } from '../../lib/auth/stored-session';
import { routeDispatch } from '../../lib/store/app-store';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks';
import { Lock } from 'lucide-react';
import {
  PROFILE_FRIENDS_ONLY,
  PROFILE_ID_PATTERN,
  PROFILE_PRIVATE,
} from '@arcadia/contracts/profile-access';
import { EmptyState, ErrorState, PageSpinner, toast } from '../../components/ui';
import { useCurrentUser } from '../auth';
import { addFriend, selectAddingFriendId, selectFriends, selectFriendsLoading } from '../friends';
import { AchievementsSection, prefetchAchievements } from './components/Achievements';
import { ProfileHeader } from './components/ProfileHeader';
import { LeaveCompareWhenUnfriended } from './components/LeaveCompareWhenUnfriended';
import { ProfileTabs } from './components/ProfileTabs';
import type { ProfileOutletContext } from './outlet-context';
import './state/profile-listeners';
import { selectProfileState } from './state/profile-slice';
import { loadProfile, loadProfileEarly, takeEarlyLoad } from './state/profile-thunks';

/**
 * Begins loading the profile as the navigation starts: on a cold start beside the session's own
 * calls (the page itself renders only once the player is known to be registered). Only with a
 * stored session (the route is for signed-in players; without one the guard sends to /login).
 */
export function loader({ params }: LoaderFunctionArgs): null {
  const dispatch = routeDispatch();
  if (!dispatch || !params.id || !PROFILE_ID_PATTERN.test(params.id) || !hasStoredSession())
    return null;
  void dispatch(loadProfileEarly(params.id));
  // The header's badges with the header, instead of moving it when they arrive.
  dispatch(prefetchAchievements(params.id));
  return null;
}

/** Loads again only for another player (the tabs are child routes: their links keep the id). */
export function shouldRevalidate({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) {
  return currentParams.id !== nextParams.id;
}

/** `/profile/{id}`: header and tabs around the tab routes (statistics, games, friends). */
export function Component() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { profile: me } = useCurrentUser();
  const { profile, loading, error, requestedId } = useAppSelector(selectProfileState);
  const friends = useAppSelector(selectFriends);
  const friendsLoading = useAppSelector(selectFriendsLoading);
  const addingId = useAppSelector(selectAddingFriendId);
  const [attempt, setAttempt] = useState(0);

  // An address that cannot name a player (`/u/bogus`, a mistyped link) asks the API nothing.
  const possible = PROFILE_ID_PATTERN.test(id);
  useEffect(() => {
    // The first load of a profile the route's loader began is already on its way.
    if (possible && !(attempt === 0 && takeEarlyLoad(id))) void dispatch(loadProfile(id));
  }, [dispatch, id, attempt, possible]);

  if (!possible)
    return (
      <ErrorState
        title={t('profile.error.notFoundTitle')}
        message={t('profile.error.notFoundMessage')}
      />
    );
  const isOwn = me?.id === id;
  if (requestedId === id && error) {
    // Spec §4: a 404 on the own profile means it is not registered (any more).
    if (error.status === 404 && isOwn) return <Navigate to="/login/registration" replace />;
    // Hidden by the player's visibility (docs/privacy.md): said so, not "not found".
    if (
      error.status === 403 &&
      (error.code === PROFILE_PRIVATE || error.code === PROFILE_FRIENDS_ONLY)
    ) {
      const key = error.code === PROFILE_PRIVATE ? 'private' : 'friendsOnly';
      return (
        <div role="status" className="mx-auto w-full max-w-3xl">
          <EmptyState
            icon={<Lock size={40} />}
            title={
              <span role="heading" aria-level={1}>
                {t(`profile.hidden.${key}Title`)}
              </span>
            }
            description={t(`profile.hidden.${key}Message`)}
          />
        </div>
      );
    }
    // No such player: unknown (404), or an id that cannot be one (400 naming the id).
    const notFound =
      error.status === 404 ||
      (error.status === 400 && (error.details ?? []).some((d) => d.path === 'id'));
    return (
      <ErrorState
        title={notFound ? t('profile.error.notFoundTitle') : t('profile.error.title')}
        message={notFound ? t('profile.error.notFoundMessage') : t('profile.error.message')}
        onRetry={notFound ? undefined : () => setAttempt((n) => n + 1)}
      />
    );
  }
  if (!profile || profile.id !== id || (loading && !profile))
    return <PageSpinner label={t('profile.loading')} />;

  const knownFriend = friends.some((f) => f.userId === id);
  const isFriend = knownFriend ? true : friendsLoading && friends.length === 0 ? null : false;
  const onAddFriend = async () => {
    const outcome = await dispatch(addFriend(id));
    if (outcome.ok) toast({ title: t('profile.friendAdded'), variant: 'success' });
    else if (outcome.error.status === 429)
      toast({ title: t('profile.addFriendLimited'), variant: 'error' });
    else if (outcome.error.status !== 409)
      toast({ title: t('profile.addFriendFailed', { name: profile.userName }), variant: 'error' });
  };
  const context: ProfileOutletContext = { profile, isOwn };
  return (
    // From 1024 px the header stands beside the tabs (and stays in view while they scroll).
    <div className="mx-auto grid w-full max-w-3xl gap-5 lg:max-w-6xl lg:grid-cols-[17rem_minmax(0,1fr)] lg:items-start lg:gap-8">
      <div className="min-w-0 lg:sticky lg:top-24">
        <ProfileHeader
          profile={profile}
          isOwn={isOwn}
          isFriend={isFriend}
          adding={addingId === id}
          onAddFriend={() => void onAddFriend()}
        />
        <div className="mt-5">
          <AchievementsSection playerId={id} />
        </div>
      </div>
      <div className="flex min-w-0 flex-col gap-5">
        <ProfileTabs profileId={id} isOwn={isOwn} isFriend={isFriend === true} />
        <LeaveCompareWhenUnfriended profileId={id} isFriend={isFriend} />
        <Outlet context={context} />
      </div>
    </div>
  );
}
