import { Navigate, type RouteObject } from 'react-router';
import { AppShell } from './shell/AppShell';
import { RouteError } from './RouteError';
import { BootSpinner } from './BootSpinner';
import { RequireOwnProfile, RequireRegistered, RequireSignedIn, UserCardRedirect } from './guards';

/**
 * Every route of spec §2 with its access rule. Pages are lazy (`lazy` + a `Component` export);
 * one line per route, so adding a page is one line. Guards are layout routes: RequireSignedIn
 * (else /login, remembering the target), RequireRegistered (else /login/registration).
 */
// prettier-ignore
const anyone: RouteObject[] = [
  { index: true, element: <Navigate to="/home" replace /> },
  { path: 'home', lazy: () => import('../features/news/HomePage') },
  { path: 'news/:slug', lazy: () => import('../features/news/ArticlePage') },
  { path: 'login', lazy: () => import('../features/auth/components/LoginPage') },
  { path: 'login/callback', lazy: () => import('../features/auth/components/CallbackPage') },
  { path: 'leaderboard', lazy: () => import('../features/leaderboard/LeaderboardPage') },
  { path: 'leaderboard/commando', lazy: () => import('../features/leaderboard/LeaderboardPage') },
  { path: 'games', lazy: () => import('../features/games/GamesPage') },
  { path: 'games/overview/commando', lazy: () => import('../features/games/GamesPage') },
  { path: 'settings', lazy: () => import('../features/settings/SettingsPage') },
  { path: 'game/:id', lazy: () => import('../features/match/MatchPage') },
  { path: 'u/:id', Component: UserCardRedirect },
];

// prettier-ignore
const signedIn: RouteObject[] = [
  { path: 'login/registration', lazy: () => import('../features/registration/RegistrationPage') },
  { path: 'login/link', lazy: () => import('../features/user-cards/LinkCardPage') },
];

// prettier-ignore
const profileTabs: RouteObject[] = [
  { index: true, lazy: () => import('../features/profile/tabs/StatisticsTab') },
  { path: 'statistics', lazy: () => import('../features/profile/tabs/StatisticsTab') },
  { path: 'games', lazy: () => import('../features/profile/tabs/GamesTab') },
  { path: 'compare', lazy: () => import('../features/profile/tabs/CompareTab') },
  { Component: RequireOwnProfile, children: [{ path: 'friends', lazy: () => import('../features/profile/tabs/FriendsTab') }] },
];

// prettier-ignore
const registered: RouteObject[] = [
  { path: 'play', lazy: () => import('../features/play/PlayPage') },
  { path: 'visit', lazy: () => import('../features/user-cards/VisitPage') },
  { path: 'claim/:token', lazy: () => import('../features/claim/ClaimPage') },
  { path: 'profile/:id', lazy: () => import('../features/profile/ProfilePage'), children: profileTabs },
  { path: 'admin/*', lazy: () => import('../features/admin/AdminConsole') },
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
          { path: '*', lazy: () => import('./NotFoundPage') },
        ],
      },
    ],
  },
];
