import { describe, expect, it, vi } from 'vitest';

/**
 * Every endpoint module injects into the one API, and RTK Query keeps the first definition of a
 * name and silently drops a later one. The console's visits and the player's own visits were both
 * `getVisits`/`recordVisit`: whichever chunk loaded first answered for both, so a staff member who
 * had met a player on /visit recorded the console's visit at the player's own `/api/visits`.
 * Here every module is loaded into one API that refuses a name it already has.
 */
const endpointModules = import.meta.glob<unknown>([
  '../../features/**/api/*.ts',
  '!../../features/**/api/*.test.ts',
]);

describe('the endpoints of the one API', () => {
  it('have a name each, whatever the order their chunks load in', async () => {
    // A fresh module graph: a worker that ran another file first has most modules loaded.
    vi.resetModules();
    const { api } = await import('./base');
    const inject = api.injectEndpoints.bind(api);
    const names: string[] = [];
    api.injectEndpoints = (options) => {
      const before = new Set(Object.keys(api.endpoints));
      const injected = inject({ ...options, overrideExisting: 'throw' });
      names.push(...Object.keys(injected.endpoints).filter((name) => !before.has(name)));
      return injected;
    };
    try {
      const loaded = await Promise.allSettled(
        Object.entries(endpointModules).map(async ([file, load]) => {
          try {
            await load();
          } catch (error) {
            throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
          }
        }),
      );
      const refused = loaded.flatMap((result) =>
        result.status === 'rejected' ? [(result.reason as Error).message] : [],
      );
      expect(refused).toEqual([]);
      expect(Object.keys(endpointModules).length).toBeGreaterThan(60);
      expect(names).toContain('recordVisit');
      expect(names).toContain('recordArcadeVisit');
    } finally {
      api.injectEndpoints = inject;
    }
  });
});
