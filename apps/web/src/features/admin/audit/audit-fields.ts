import type { AuditEntry } from '@arcadia/contracts';

/**
 * How the console shows the fields of an entry's before/after: a label (an i18n key of
 * `admin-audit.fields`) and the kind of value, by field name — or by `targetType:field` where one
 * name means something else for one kind of target (a mode's `id` is its rule set). A field not
 * listed keeps its name as label and gets its value formatted by what it looks like.
 */
export type FieldKind =
  | 'text'
  | 'role'
  | 'newsStatus'
  | 'ruleSet'
  | 'openingHours'
  | 'image'
  | 'bytes'
  | 'fileFormat'
  | 'hidden'
  | { ref: string; list?: boolean };

interface FieldSpec {
  /** Key under `admin-audit.fields`; the field's own name when absent. */
  label?: string;
  kind?: FieldKind;
}

const FIELDS: Record<string, FieldSpec> = {
  value: { label: 'value' },
  role: { label: 'role', kind: 'role' },
  arcades: { label: 'arcades', kind: { ref: 'arcade', list: true } },
  userName: { label: 'userName' },
  suspendedAt: { label: 'suspendedAt' },
  reason: { label: 'reason' },
  leftDevice: { label: 'leftDevice', kind: { ref: 'device' } },
  id: { label: 'id' },
  name: { label: 'name' },
  city: { label: 'city' },
  address: { label: 'address' },
  openingHours: { label: 'openingHours', kind: 'openingHours' },
  logoPath: { label: 'logoPath', kind: 'image' },
  retiredAt: { label: 'retiredAt' },
  createdAt: { label: 'createdAt' },
  updatedAt: { label: 'updatedAt' },
  capacity: { label: 'capacity' },
  kind: { label: 'kind' },
  applicationId: { label: 'applicationId', kind: { ref: 'application' } },
  arcadeId: { label: 'arcadeId', kind: { ref: 'arcade' } },
  disabled: { label: 'disabled' },
  online: { kind: 'hidden' },
  lastHeartbeatAt: { label: 'lastHeartbeatAt' },
  matchStartedAt: { label: 'matchStartedAt' },
  userId: { label: 'userId', kind: { ref: 'user' } },
  description: { label: 'description' },
  iconPath: { label: 'iconPath', kind: 'image' },
  position: { label: 'position' },
  teams: { label: 'teams' },
  fileName: { label: 'fileName' },
  contentType: { label: 'contentType' },
  width: { label: 'width' },
  height: { label: 'height' },
  size: { label: 'size', kind: 'bytes' },
  slug: { label: 'slug' },
  status: { label: 'status', kind: 'newsStatus' },
  publishAt: { label: 'publishAt' },
  publishedAt: { label: 'publishedAt' },
  notifiedAt: { label: 'notifiedAt' },
  live: { label: 'live' },
  headerAssetId: { label: 'headerAssetId', kind: { ref: 'asset' } },
  headerUrl: { kind: 'hidden' },
  title: { label: 'title' },
  titles: { label: 'title' },
  abstract: { label: 'abstract' },
  markdown: { label: 'markdown' },
  voidedAt: { label: 'voidedAt' },
  voidReason: { label: 'reason' },
  slotId: { kind: 'hidden' },
  count: { label: 'count' },
  label: { label: 'label' },
  format: { label: 'format', kind: 'fileFormat' },
  page: { label: 'page' },
  cards: { label: 'cards' },
  visitedAt: { label: 'visitedAt' },
  current: { label: 'current' },
  retired: { label: 'retired' },
  removed: { label: 'removed' },
  'mode:id': { label: 'ruleSet', kind: 'ruleSet' },
  'news:id': { kind: 'hidden' },
  'game:name': { label: 'guest' },
};

/** Parts of a path that only group fields: the label is their children's. */
const GROUPS = new Set(['translations']);
const LANGUAGES = new Set(['de', 'en']);

export function fieldSpec(targetType: string, field: string): FieldSpec {
  for (const key of [`${targetType}:${field}`, field])
    if (Object.hasOwn(FIELDS, key)) return FIELDS[key]!;
  return {};
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field of an entry: its path (`translations.de.title`) and the values before and after. */
export interface FieldChange {
  path: string[];
  before?: unknown;
  after?: unknown;
  /** Only one side was recorded (a new or a removed thing): its value, without an arrow. */
  single: boolean;
}

/** Nested objects become paths; lists and plain values are leaves. */
function flatten(value: unknown, path: string[] = [], into = new Map<string, unknown>()) {
  if (isRecord(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, [...path, key], into);
  } else into.set(path.join('\u0000'), value);
  return into;
}

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

/**
 * The fields an entry shows: of a change with before and after, those that changed (old → new);
 * of a new thing (after only) or a removed one (before only), its values that say something.
 * Fields the console hides (derived or internal ids) are left out; an article's `titles` too when
 * its translations are there, which hold the same titles.
 */
export function fieldChanges(entry: Pick<AuditEntry, 'before' | 'after' | 'targetType'>) {
  const side = (value: unknown) =>
    value === null || value === undefined
      ? undefined
      : flatten(isRecord(value) ? value : { value });
  const before = side(entry.before);
  const after = side(entry.after);
  const keys = [...new Set([...(before?.keys() ?? []), ...(after?.keys() ?? [])])];
  const hasTranslations = keys.some((key) => key.startsWith('translations\u0000'));
  const changes: FieldChange[] = [];
  for (const key of keys) {
    const path = key.split('\u0000');
    if (fieldSpec(entry.targetType, fieldOf(path).field).kind === 'hidden') continue;
    if (path[0] === 'titles' && hasTranslations) continue;
    const old = before?.get(key);
    const next = after?.get(key);
    if (before && after && before.has(key) && after.has(key)) {
      if (JSON.stringify(old) !== JSON.stringify(next))
        changes.push({ path, before: old, after: next, single: false });
    } else {
      const value = before?.has(key) ? old : next;
      if (!isEmpty(value))
        changes.push({
          path,
          ...(before?.has(key) ? { before: old } : { after: next }),
          single: true,
        });
    }
  }
  return changes;
}

/** The field a path names (its last part that is not a group or a language) and its language. */
export function fieldOf(path: string[]): { field: string; language?: string } {
  const named = path.filter((part) => !GROUPS.has(part));
  const fields = named.filter((part) => !LANGUAGES.has(part));
  const language = named.find((part) => LANGUAGES.has(part));
  // A language alone (a `{ de, en }` value at the top) is the field itself.
  if (fields.length === 0) return { field: named.at(-1) ?? '' };
  return { field: fields.at(-1)!, ...(language ? { language } : {}) };
}
