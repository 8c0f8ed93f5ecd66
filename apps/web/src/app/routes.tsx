import { Navigate, type RouteObject } from 'react-router';
import { AppShell } from './shell/AppShell';
import { RouteError } from './RouteError';
import { BootSpinner } from './BootSpinner';
import type { RouteHandle } from './route-handle';
import {
  RequireOtherProfile,
  RequireOwnProfile,
  RequireRegistered,
  RequireSignedIn,
  UserCardRedirect,
} from './guards';

/** A route's page title (app.titles.*; AppShell sets `… · Arcadia`). The match page sets its own. */
const title = (page: string): RouteHandle => ({ title: `app.titles.${page}` });

/**
 * Every route of spec §2 with its access rule. Pages are lazy (`lazy` + a `Component` export);
 * one line per route, so adding a page is one line. Guards are layout routes: RequireSignedIn
 * (else /login, remembering the target), RequireRegistered (else /login/registration).
 */
// prettier-ignore
const anyone: RouteObject[] = [
  { index: true, element: <Navigate to="/home" replace /> },
  { handle: title('home'), path: 'home', lazy: () => import('../features/news/HomePage') },
  { handle: title('news'), path: 'news/:slug', lazy: () => import('../features/news/ArticlePage') },
  { handle: title('login'), path: 'login', lazy: () => import('../features/auth/components/LoginPage') },
  { handle: title('login'), path: 'login/callback', lazy: () => import('../features/auth/components/CallbackPage') },
  { handle: title('leaderboard'), path: 'leaderboard', lazy: () => import('../features/leaderboard/LeaderboardPage') },
  { handle: title('leaderboard'), path: 'leaderboard/commando', lazy: () => import('../features/leaderboard/LeaderboardPage') },
  { handle: title('games'), path: 'games', lazy: () => import('../features/games/GamesPage') },
  { handle: title('games'), path: 'games/overview/commando', lazy: () => import('../features/games/GamesPage') },
  { handle: title('settings'), path: 'settings', lazy: () => import('../features/settings/SettingsPage') },
  { path: 'game/:id', lazy: () => import('../features/match/MatchPage') },
  { path: 'u/:id', Component: UserCardRedirect },
];

// prettier-ignore
const signedIn: RouteObject[] = [
  { handle: title('registration'), path: 'login/registration', lazy: () => import('../features/registration/RegistrationPage') },
  { handle: title('link'), path: 'login/link', lazy: () => import('../features/user-cards/LinkCardPage') },
];

// prettier-ignore
const profileTabs: RouteObject[] = [
  { index: true, lazy: () => import('../features/profile/tabs/StatisticsTab') },
  { path: 'statistics', lazy: () => import('../features/profile/tabs/StatisticsTab') },
  { path: 'games', lazy: () => import('../features/profile/tabs/GamesTab') },
  { Component: RequireOtherProfile, children: [{ path: 'compare', lazy: () => import('../features/profile/tabs/CompareTab') }] },
  { Component: RequireOwnProfile, children: [{ path: 'friends', lazy: () => import('../features/profile/tabs/FriendsTab') }] },
];

// prettier-ignore
const registered: RouteObject[] = [
  { handle: title('play'), path: 'play', lazy: () => import('../features/play/PlayPage') },
  { handle: title('visit'), path: 'visit', lazy: () => import('../features/user-cards/VisitPage') },
  { handle: title('claim'), path: 'claim/:token', lazy: () => import('../features/claim/ClaimPage') },
  { handle: title('profile'), path: 'profile/:id', lazy: () => import('../features/profile/ProfilePage'), children: profileTabs },
  { handle: title('admin'), path: 'admin/*', lazy: () => import('../features/admin/AdminConsole') },
];

export const routes: RouteObject[] = [
  {
    Component: AppShell,
    ErrorBoundary: RouteError,
    HydrateFallback: BootSpinner,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          ...anyone,
          {
            Component: RequireSignedIn,
            children: [...signedIn, { Component: RequireRegistered, children: registered }],
          },
          { handle: title('notFound'), path: '*', lazy: () => import('./NotFoundPage') },
        ],
      },
    ],
  },
];
