import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyRoutes } from './preload';

const ROUTES = path.join(import.meta.dirname, '../src/app/routes.tsx');

describe('lazyRoutes', () => {
  it('finds every lazy page of the real route table, whatever order its keys are in', () => {
    const source = fs.readFileSync(ROUTES, 'utf8');
    const routes = lazyRoutes(source);
    const byPath = new Map(routes.map((r) => [r.path, r]));
    // Every lazy page but the catch-all (`*`, not preloaded) and the index tab (its parent's).
    const lazyPages = [...source.matchAll(/path: '([^']+)'[^\n]*?lazy:/g)]
      .map((m) => m[1])
      .filter((p) => p !== '*');
    expect(routes).toHaveLength(lazyPages.length);
    expect([...byPath.keys()]).toEqual(
      expect.arrayContaining([
        'home',
        'news/:slug',
        'leaderboard',
        'game/:id',
        'login/registration',
        'profile/:id',
        'profile/:id/games',
        'profile/:id/friends',
        'admin/*',
      ]),
    );
    expect(byPath.get('home')).toEqual({
      path: 'home',
      modules: ['../features/news/HomePage'],
      list: 'anyone',
    });
    // A profile shows its statistics tab at once; a tab loads with its page.
    expect(byPath.get('profile/:id')).toMatchObject({
      modules: ['../features/profile/ProfilePage', '../features/profile/tabs/StatisticsTab'],
      list: 'registered',
    });
    expect(byPath.get('profile/:id/games')?.modules).toEqual([
      '../features/profile/ProfilePage',
      '../features/profile/tabs/GamesTab',
    ]);
    expect(byPath.get('login/registration')?.list).toBe('signedIn');
  });

  it('reads keys in any order, skips pages that are not lazy and layout routes add no segment', () => {
    const routes = lazyRoutes(`
const tabs: RouteObject[] = [
  { index: true, lazy: () => import('./A') },
  { lazy: () => import('./B'), path: 'b' },
];
const top: RouteObject[] = [
  { path: 'x/:id', handle: { title: 'x' }, lazy: () => import('./X'), children: tabs },
  { path: 'plain', Component: Plain },
  { Component: Guard, children: [{ path: 'guarded', lazy: () => import('./G') }] },
];
`);
    expect(routes).toEqual([
      { path: 'x/:id', modules: ['./X', './A'], list: 'top' },
      { path: 'x/:id/b', modules: ['./X', './B'], list: 'top' },
      { path: 'guarded', modules: ['./G'], list: 'top' },
    ]);
  });
});
