import { describe, expect, it } from 'vitest';
import {
  arcadeUpdateSchema,
  auditEntrySchema,
  auditNameKey,
  deviceCreateSchema,
  iconPathSchema,
} from './admin';
import { gameReportSchema } from './device-api';

describe('iconPathSchema', () => {
  it('takes a site path', () => {
    for (const value of ['/assets/maps/docks.svg', '/api/assets/1c02/logo.png'])
      expect(iconPathSchema.safeParse(value).success).toBe(true);
  });

  it('refuses another site (the CSP would block its image), and other schemes', () => {
    for (const value of [
      'https://cdn.example/a.png',
      '//evil.example/x.png',
      'http://evil.example/x.png',
      'javascript:x',
      'x.png',
    ])
      expect(iconPathSchema.safeParse(value).success).toBe(false);
  });
});

describe('opening hours', () => {
  const hours = (opens: string, closes: string) =>
    arcadeUpdateSchema.safeParse({ openingHours: [{ day: 'tue', opens, closes }] });

  it('take a period, also one past midnight (it closes before it opens)', () => {
    expect(hours('14:00', '23:00').success).toBe(true);
    expect(hours('22:00', '02:00').success).toBe(true);
  });

  it('refuse a period that closes when it opens, naming the period', () => {
    const result = hours('18:00', '18:00');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path)).toEqual([['openingHours', 0]]);
  });
});

describe('auditEntrySchema', () => {
  const entry = {
    id: 3,
    at: '2026-11-26T12:00:00.000Z',
    actorUserId: null,
    actorLabel: 'deleted player',
    action: 'device.kick',
    targetType: 'device',
    targetId: 'berlin;arena-1',
    arcadeId: 'berlin',
    before: null,
    after: null,
  };

  it('carries the names of what the entry mentions, keyed by type and id', () => {
    const names = {
      [auditNameKey('device', 'berlin;arena-1')]: { name: 'Arena 1', deleted: false },
      [auditNameKey('arcade', 'berlin')]: { name: 'Arcadia Berlin', deleted: false },
      [auditNameKey('user', 'deleted')]: { name: null, deleted: true },
      [auditNameKey('mode', 'commando;deathmatch')]: {
        name: 'Team-Deathmatch',
        names: { de: 'Team-Deathmatch', en: null },
        deleted: false,
      },
      [auditNameKey('game', 'f3b1')]: {
        name: 'Arena 1',
        at: '2026-11-26T11:00:00.000Z',
        deleted: false,
      },
    };
    expect(Object.keys(names)).toContain('device:berlin;arena-1');
    expect(auditEntrySchema.parse({ ...entry, names }).names).toEqual(names);
  });

  it('needs the names, and says of each whether it is deleted', () => {
    expect(auditEntrySchema.safeParse(entry).success).toBe(false);
    expect(
      auditEntrySchema.safeParse({ ...entry, names: { 'user:x': { name: 'Kim' } } }).success,
    ).toBe(false);
  });
});

describe('names and lines players see', () => {
  const paths = (result: {
    success: boolean;
    error?: { issues: Array<{ path: PropertyKey[] }> };
  }) => result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

  it("an arcade's name is visible and on one line; its city and address on one line", () => {
    expect(arcadeUpdateSchema.safeParse({ name: 'Arcadia Köln', city: 'Köln' }).success).toBe(true);
    expect(paths(arcadeUpdateSchema.safeParse({ name: 'Arcadia\u202eBerlin' }))).toEqual(['name']);
    expect(paths(arcadeUpdateSchema.safeParse({ name: '\u2800\u2800' }))).toEqual(['name']);
    expect(paths(arcadeUpdateSchema.safeParse({ city: 'Köln\nBerlin' }))).toEqual(['city']);
    expect(paths(arcadeUpdateSchema.safeParse({ address: 'Str. 1\u2067' }))).toEqual(['address']);
  });

  it("a device's name and kind likewise", () => {
    const device = { id: 'arena-9', name: 'Arena 9', kind: 'arena' };
    expect(deviceCreateSchema.safeParse(device).success).toBe(true);
    expect(paths(deviceCreateSchema.safeParse({ ...device, name: 'Arena\r\n9' }))).toEqual([
      'name',
    ]);
    expect(paths(deviceCreateSchema.safeParse({ ...device, kind: 'are\u202ena' }))).toEqual([
      'kind',
    ]);
  });

  it("a game report's idempotency key and map are one line (a backup's SQL has one per line)", () => {
    const report = {
      idempotencyKey: 'game-0001',
      type: 'freeforall',
      mapId: 'docks',
      durationSeconds: 600,
      players: [{ guestName: 'Gast 1', kills: 1, deaths: 0, score: 10 }],
    };
    expect(gameReportSchema.safeParse(report).success).toBe(true);
    const bad = { ...report, idempotencyKey: 'evil-key-0001\n\\restrict abc', mapId: 'do\ncks' };
    expect(paths(gameReportSchema.safeParse(bad)).sort()).toEqual(['idempotencyKey', 'mapId']);
  });
});
