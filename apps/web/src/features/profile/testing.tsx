/** Test support for the profile pages: the profile routes as the app nests them. */
import type { OwnProfile } from '@arcadia/contracts';
import { renderApp } from '../../testing/render-app';
import { signedInStore } from '../../testing/store';
import { Component as ProfilePage } from './ProfilePage';
import { Component as CompareTab } from './tabs/CompareTab';
import { Component as FriendsTab } from './tabs/FriendsTab';
import { Component as GamesTab } from './tabs/GamesTab';
import { Component as StatisticsTab } from './tabs/StatisticsTab';

/** The profile page at `path`, for the signed-in player `me`. */
export async function renderProfile(path: string, me: OwnProfile, lang: 'de' | 'en' = 'de') {
  return renderApp(
    [
      {
        path: '/profile/:id',
        Component: ProfilePage,
        children: [
          { index: true, Component: StatisticsTab },
          { path: 'statistics', Component: StatisticsTab },
          { path: 'games', Component: GamesTab },
          { path: 'friends', Component: FriendsTab },
          { path: 'compare', Component: CompareTab },
        ],
      },
      { path: '/login/registration', element: <p>registration page</p> },
      { path: '/play', element: <p>play page</p> },
    ],
    { path, store: await signedInStore(me), lang },
  );
}
