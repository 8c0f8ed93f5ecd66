import { and, eq, inArray } from 'drizzle-orm';
import {
  AUDIT_REFERENCE_FIELDS,
  auditNameKey,
  type AuditEntry,
  type AuditName,
} from '@arcadia/contracts';
import type { Queryable } from '../../db/client';
import {
  applications,
  arcades,
  assets,
  devices,
  gameModes,
  games,
  maps,
  newsTranslations,
  userCardBatches,
  users,
} from '../../db/schema';

/**
 * The names an audit page shows instead of ids (docs/operator-console.md, "Audit log"): who
 * acted, what the entry is about, its arcade and the ids its before/after mention, each as it is
 * called now. What is gone is answered `deleted`: a player then without any name (the log keeps
 * nothing of a deleted player), anything else with the name the entry itself recorded.
 */

type Row = Omit<AuditEntry, 'names'>;
type Found = Map<string, Omit<AuditName, 'deleted'>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuids = (ids: string[]) => ids.filter((id) => UUID.test(id));

/** `a;b` → [a, b] for the ids made of two parts (a device, a mode). */
function pairs(ids: string[]): Array<[string, string]> {
  return ids.flatMap((id) => {
    const [first, second, ...rest] = id.split(';');
    return first && second && rest.length === 0 ? [[first, second] as [string, string]] : [];
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every id a row mentions, by type. */
function mentions(row: Row): Array<[string, string]> {
  const found: Array<[string, string]> = [[row.targetType, row.targetId]];
  if (row.actorUserId) found.push(['user', row.actorUserId]);
  if (row.arcadeId) found.push(['arcade', row.arcadeId]);
  if (row.targetType === 'mode') {
    const [applicationId] = row.targetId.split(';');
    if (applicationId) found.push(['application', applicationId]);
  }
  for (const side of [row.before, row.after]) {
    if (!isRecord(side)) continue;
    for (const [field, type] of Object.entries(AUDIT_REFERENCE_FIELDS)) {
      const value = side[field];
      for (const id of Array.isArray(value) ? value : [value])
        if (typeof id === 'string' && id !== '') found.push([type, id]);
    }
  }
  return found;
}

type Lookup = (db: Queryable, ids: string[]) => Promise<Found>;

const byId = <T>(rows: T[], entry: (row: T) => [string, Omit<AuditName, 'deleted'>]): Found =>
  new Map(rows.map(entry));

const LOOKUPS: Record<string, Lookup> = {
  user: async (db, ids) =>
    byId(
      await db
        .select({ id: users.id, name: users.userName })
        .from(users)
        .where(inArray(users.id, uuids(ids))),
      (r) => [r.id, { name: r.name }],
    ),
  arcade: async (db, ids) =>
    byId(
      await db
        .select({ id: arcades.id, name: arcades.name })
        .from(arcades)
        .where(inArray(arcades.id, ids)),
      (r) => [r.id, { name: r.name }],
    ),
  device: async (db, ids) => {
    const wanted = new Set(ids);
    const rows = await db
      .select({ arcadeId: devices.arcadeId, id: devices.id, name: devices.name })
      .from(devices)
      .where(inArray(devices.arcadeId, [...new Set(pairs(ids).map(([arcade]) => arcade))]));
    return byId(
      rows.filter((r) => wanted.has(`${r.arcadeId};${r.id}`)),
      (r) => [`${r.arcadeId};${r.id}`, { name: r.name }],
    );
  },
  application: async (db, ids) =>
    byId(
      await db
        .select({ id: applications.id, name: applications.name })
        .from(applications)
        .where(inArray(applications.id, ids)),
      (r) => [r.id, { name: r.name }],
    ),
  mode: async (db, ids) => {
    const wanted = new Set(ids);
    const rows = await db
      .select({
        applicationId: gameModes.applicationId,
        id: gameModes.id,
        de: gameModes.nameDe,
        en: gameModes.nameEn,
      })
      .from(gameModes)
      .where(inArray(gameModes.applicationId, [...new Set(pairs(ids).map(([app]) => app))]));
    return byId(
      rows.filter((r) => wanted.has(`${r.applicationId};${r.id}`)),
      (r) => [`${r.applicationId};${r.id}`, { name: r.de, names: { de: r.de, en: r.en } }],
    );
  },
  map: async (db, ids) =>
    byId(
      await db.select({ id: maps.id, name: maps.name }).from(maps).where(inArray(maps.id, ids)),
      (r) => [r.id, { name: r.name }],
    ),
  asset: async (db, ids) =>
    byId(
      await db
        .select({ id: assets.id, name: assets.fileName })
        .from(assets)
        .where(inArray(assets.id, uuids(ids))),
      (r) => [r.id, { name: r.name }],
    ),
  news: async (db, ids) => {
    const rows = await db
      .select({
        id: newsTranslations.newsId,
        locale: newsTranslations.locale,
        title: newsTranslations.title,
      })
      .from(newsTranslations)
      .where(inArray(newsTranslations.newsId, uuids(ids)));
    const found: Found = new Map();
    for (const row of rows.filter((r) => r.locale === 'de')) {
      const en = rows.find((r) => r.id === row.id && r.locale === 'en')?.title ?? null;
      found.set(row.id, { name: row.title, names: { de: row.title, en } });
    }
    return found;
  },
  game: async (db, ids) =>
    byId(
      await db
        .select({
          id: games.id,
          deviceId: games.deviceId,
          device: devices.name,
          playedAt: games.playedAt,
        })
        .from(games)
        .leftJoin(
          devices,
          and(eq(devices.arcadeId, games.arcadeId), eq(devices.id, games.deviceId)),
        )
        .where(inArray(games.id, uuids(ids))),
      (r) => [r.id, { name: r.device ?? r.deviceId, at: r.playedAt.toISOString() }],
    ),
  user_card_batch: async (db, ids) =>
    byId(
      await db
        .select({
          id: userCardBatches.id,
          label: userCardBatches.label,
          at: userCardBatches.createdAt,
        })
        .from(userCardBatches)
        .where(inArray(userCardBatches.id, uuids(ids))),
      (r) => [r.id, { name: r.label, at: r.at.toISOString() }],
    ),
};

/**
 * What a deleted subject was called, as the entry recorded it: an article's titles, a map's or
 * arcade's name, an image's file name. Never for a player (their entries keep no contents).
 */
function recordedName(row: Row): Omit<AuditName, 'deleted'> | null {
  if (row.targetType === 'user' || row.targetType === 'game' || row.targetType === 'visit')
    return null;
  for (const side of [row.after, row.before]) {
    if (!isRecord(side)) continue;
    const translations = isRecord(side.translations) ? side.translations : {};
    const titles = isRecord(side.titles)
      ? side.titles
      : {
          de: isRecord(translations.de) ? translations.de.title : undefined,
          en: isRecord(translations.en) ? translations.en.title : undefined,
        };
    if (typeof titles.de === 'string')
      return {
        name: titles.de,
        names: { de: titles.de, en: typeof titles.en === 'string' ? titles.en : null },
      };
    if (isRecord(side.name) && typeof side.name.de === 'string')
      return {
        name: side.name.de,
        names: {
          de: side.name.de,
          en: typeof side.name.en === 'string' ? side.name.en : null,
        },
      };
    for (const field of ['name', 'fileName', 'label'])
      if (typeof side[field] === 'string') return { name: side[field] };
  }
  return null;
}

/** Each row with the names of what it mentions (a few queries per page, one per kind of thing). */
export async function withNames(db: Queryable, rows: Row[]): Promise<AuditEntry[]> {
  const wanted = new Map<string, Set<string>>();
  for (const row of rows)
    for (const [type, id] of mentions(row))
      if (type in LOOKUPS) wanted.set(type, (wanted.get(type) ?? new Set()).add(id));
  const found = new Map<string, Omit<AuditName, 'deleted'>>();
  for (const [type, ids] of wanted) {
    const names = await LOOKUPS[type]!(db, [...ids]);
    for (const [id, name] of names) found.set(auditNameKey(type, id), name);
  }
  return rows.map((row) => {
    const names: Record<string, AuditName> = {};
    for (const [type, id] of mentions(row)) {
      if (!(type in LOOKUPS)) continue;
      const key = auditNameKey(type, id);
      const name = found.get(key);
      names[key] = name
        ? { ...name, deleted: false }
        : {
            name: null,
            ...(type === row.targetType && id === row.targetId ? recordedName(row) : {}),
            deleted: true,
          };
    }
    return { ...row, names };
  });
}
