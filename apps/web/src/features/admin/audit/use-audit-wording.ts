import { useTranslation } from 'react-i18next';
import { auditNameKey, type AuditEntry } from '@arcadia/contracts';
import { useConsoleFormat } from '../shell/format';
import { fieldOf, fieldSpec, isRecord, type FieldChange } from './audit-fields';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
/** An uploaded image's URL: `/api/assets/{id}/{file}`; the console names it by its file. */
const ASSET_URL = /^\/api\/assets\/[^/]+\/([^/?#]+)$/;

/** The labels the admin CLI and the deletion leave as actor (features/admin/audit.ts). */
const ACTOR_LABELS: Record<string, string> = {
  cli: 'cli',
  bootstrap: 'bootstrap',
  'deleted player': 'deleted',
};

/** Whose player an action names beside its target: the player taken off, given a result, seen. */
const PLAYER_FIELDS: Record<string, ['before' | 'after', string]> = {
  'device.kick': ['before', 'userId'],
  'game.assign': ['after', 'userId'],
  'visit.create': ['after', 'userId'],
};

export interface Subject {
  text: string;
  deleted: boolean;
}

/**
 * The words of the audit log in the console's language: what an id is called, who acted, the
 * sentence of an entry and its fields' labels and values (roles, statuses, rule sets and days
 * with the labels of the sections that set them; times on the venue's clock).
 */
export function useAuditWording() {
  const { t, i18n } = useTranslation();
  const format = useConsoleFormat();
  const language = i18n.language === 'en' ? 'en' : 'de';
  const decimal = new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'de-DE', {
    maximumFractionDigits: 1,
  });

  /** What an id of the entry names now, as the server looked it up. */
  function subject(entry: AuditEntry, type: string, id: string): Subject {
    const found = entry.names[auditNameKey(type, id)];
    if (type === 'user' && (found?.deleted || id === 'deleted'))
      return { text: t('admin-audit.deletedPlayer'), deleted: true };
    if (type === 'mode') {
      const [applicationId = '', modeId = id] = id.split(';');
      const mode =
        found?.names?.[language] ??
        found?.name ??
        t(`admin-games.modes.${modeId}`, { defaultValue: modeId });
      const application = entry.names[auditNameKey('application', applicationId)]?.name;
      const text = application ? t('admin-audit.subjects.mode', { mode, application }) : mode;
      return deletedOr(entry, type, id, text, found?.deleted);
    }
    if (type === 'game')
      return deletedOr(
        entry,
        type,
        id,
        found?.at && found.name
          ? t('admin-audit.subjects.game', { at: format.dateTime(found.at), device: found.name })
          : t('admin-audit.subjects.someGame'),
        found?.deleted,
      );
    if (type === 'user_card_batch' && found)
      return { text: found.name ?? t('admin-cards.untitled'), deleted: found.deleted };
    const name = found?.names?.[language] ?? found?.names?.de ?? found?.name;
    if (name && type === 'news')
      return deletedOr(
        entry,
        type,
        id,
        t('admin-audit.subjects.news', { title: name }),
        found?.deleted,
      );
    if (name) return deletedOr(entry, type, id, name, found?.deleted);
    if (found?.deleted) return { text: t('admin-audit.deletedThing'), deleted: true };
    // Not looked up: a readable id as it is, an opaque one not at all.
    if (UUID.test(id)) return { text: t('admin-audit.unknown'), deleted: false };
    return { text: type === 'device' ? (id.split(';').at(-1) ?? id) : id, deleted: false };
  }

  /** A deleted thing's name says so, unless the entry is its deletion. */
  function deletedOr(
    entry: AuditEntry,
    type: string,
    id: string,
    text: string,
    deleted = false,
  ): Subject {
    const itsDeletion =
      entry.targetType === type && entry.targetId === id && entry.action.endsWith('.delete');
    return deleted && !itsDeletion
      ? { text: t('admin-audit.deletedName', { name: text }), deleted }
      : { text, deleted };
  }

  /** Who acted: an operator by their current name, else the CLI, the bootstrap, a deleted profile. */
  function actor(entry: AuditEntry): string {
    if (entry.actorUserId) {
      const found = entry.names[auditNameKey('user', entry.actorUserId)];
      return found?.name ?? entry.actorLabel;
    }
    const known = Object.hasOwn(ACTOR_LABELS, entry.actorLabel)
      ? ACTOR_LABELS[entry.actorLabel]
      : undefined;
    return known ? t(`admin-audit.actors.${known}`) : entry.actorLabel;
  }

  /** The player an entry names beside its target, or null when it names none. */
  function player(entry: AuditEntry): Subject | null {
    if (!Object.hasOwn(PLAYER_FIELDS, entry.action)) return null;
    const where = PLAYER_FIELDS[entry.action]!;
    const side = entry[where[0]];
    const id = isRecord(side) ? side[where[1]] : undefined;
    // The contents of an entry that named a deleted player are gone with them.
    if (typeof id !== 'string') return { text: t('admin-audit.deletedPlayer'), deleted: true };
    return subject(entry, 'user', id);
  }

  /**
   * The entry as a sentence: its i18n key (the `_deleted` variant when the player it is about
   * is gone), and the texts of its parts. An action the console does not know yet is told with
   * its name and target.
   */
  function sentence(entry: AuditEntry) {
    const target = subject(entry, entry.targetType, entry.targetId);
    const person = entry.targetType === 'user' ? target : player(entry);
    const key = `admin-audit.sentences.${entry.action}`;
    const known = i18n.exists(key);
    return {
      key: known ? key : 'admin-audit.sentences.fallback',
      context: person?.deleted ? 'deleted' : undefined,
      target: target.text,
      player: person?.text ?? '',
      label: t(`admin-audit.actions.${entry.action}`, { defaultValue: entry.action }),
      type: t(`admin-audit.types.${entry.targetType}`, { defaultValue: entry.targetType }),
    };
  }

  /** A field's label: the console's word for it, with the language of a translated one. */
  function label(entry: AuditEntry, change: FieldChange): string {
    const { field, language } = fieldOf(change.path);
    const key = fieldSpec(entry.targetType, field).label;
    const name = key ? t(`admin-audit.fields.${key}`) : change.path.join('.');
    return language
      ? t('admin-audit.inLanguage', {
          field: name,
          language: t(`admin-news.lang.${language}`),
        })
      : name;
  }

  function plain(value: unknown): string {
    if (value === null || value === undefined || value === '') return t('admin-audit.noValue');
    if (typeof value === 'boolean') return t(value ? 'admin-audit.yes' : 'admin-audit.no');
    if (typeof value === 'number') return format.number(value);
    if (typeof value === 'string') return INSTANT.test(value) ? format.dateTime(value) : value;
    if (Array.isArray(value))
      return value.length === 0 ? t('admin-audit.none') : value.map(plain).join(', ');
    if (isRecord(value))
      return Object.entries(value)
        .map(([key, child]) => `${key}: ${plain(child)}`)
        .join(', ');
    return t('admin-audit.noValue');
  }

  /** A value one of the console's sections has a word for (a role, a status, a day). */
  function word(prefix: string, raw: unknown): string {
    return typeof raw === 'string' ? t(`${prefix}.${raw}`, { defaultValue: raw }) : plain(raw);
  }

  function fileName(raw: string): string | undefined {
    const file = ASSET_URL.exec(raw)?.[1];
    if (!file) return undefined;
    try {
      return decodeURIComponent(file);
    } catch {
      return file;
    }
  }

  function bytes(value: number): string {
    if (value < 1024) return `${format.number(value)} B`;
    if (value < 1024 * 1024) return `${decimal.format(value / 1024)} KB`;
    return `${decimal.format(value / (1024 * 1024))} MB`;
  }

  /** A field's value, formatted for the operator. */
  function value(entry: AuditEntry, change: FieldChange, raw: unknown): string {
    if (raw === null || raw === undefined || raw === '') return t('admin-audit.noValue');
    const kind = fieldSpec(entry.targetType, fieldOf(change.path).field).kind ?? 'text';
    if (typeof kind === 'object') {
      const ids = Array.isArray(raw) ? raw : [raw];
      if (ids.length === 0) return t('admin-audit.none');
      return ids
        .map((id) => (typeof id === 'string' ? subject(entry, kind.ref, id).text : plain(id)))
        .join(', ');
    }
    switch (kind) {
      case 'role':
        return word('admin-roles.roles', raw);
      case 'newsStatus':
        return word('admin-news.status', raw);
      case 'ruleSet':
        return word('admin-games.modes', raw);
      case 'fileFormat':
        return typeof raw === 'string' ? raw.toUpperCase() : plain(raw);
      case 'bytes':
        return typeof raw === 'number' ? bytes(raw) : plain(raw);
      case 'image': {
        return (typeof raw === 'string' ? fileName(raw) : undefined) ?? plain(raw);
      }
      case 'openingHours':
        if (!Array.isArray(raw)) return plain(raw);
        if (raw.length === 0) return t('admin-audit.none');
        return raw
          .map((period) =>
            isRecord(period)
              ? t('admin-audit.period', {
                  day: word('admin-arcades.daysShort', period.day),
                  opens: plain(period.opens),
                  closes: plain(period.closes),
                })
              : plain(period),
          )
          .join(', ');
      case 'text':
      case 'hidden':
        return plain(raw);
    }
  }

  return { subject, actor, sentence, label, value, format };
}

export type AuditWording = ReturnType<typeof useAuditWording>;
