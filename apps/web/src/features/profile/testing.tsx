/** Test support for the profile pages: the profile routes as the app nests them. */
import userEvent from '@testing-library/user-event';
import type { RootState } from '../../app/store';
import { renderApp } from '../../../test/render-app';
import { Component as ProfilePage } from './ProfilePage';
import { Component as FriendsTab } from './tabs/FriendsTab';
import { Component as GamesTab } from './tabs/GamesTab';
import { Component as StatisticsTab } from './tabs/StatisticsTab';

export async function renderProfile(
  path: string,
  state: Partial<RootState>,
  lang: 'de' | 'en' = 'de',
) {
  const user = userEvent.setup();
  const view = await renderApp(
    [
      {
        path: '/profile/:id',
        Component: ProfilePage,
        children: [
          { index: true, Component: StatisticsTab },
          { path: 'statistics', Component: StatisticsTab },
          { path: 'games', Component: GamesTab },
          { path: 'friends', Component: FriendsTab },
        ],
      },
      { path: '/login/registration', element: <p>registration page</p> },
      { path: '/play', element: <p>play page</p> },
    ],
    { path, state, lang },
  );
  return { user, ...view };
}
