import { useTranslation } from 'react-i18next';
import { cn, focusRing } from '../../../components/ui';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One value as text: strings as they are, everything else as compact JSON. */
function show(value: unknown): string {
  if (value === undefined) return '–';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * An entry's before and after, field by field: the fields of both, the old and the new value,
 * the changed ones marked. Values that are no objects are shown as one row.
 */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  if (before == null && after == null) return null;
  const rows: Array<[string, unknown, unknown]> =
    isRecord(before) || isRecord(after)
      ? [
          ...new Set([
            ...Object.keys(isRecord(before) ? before : {}),
            ...Object.keys(isRecord(after) ? after : {}),
          ]),
        ].map((key) => [
          key,
          isRecord(before) ? before[key] : undefined,
          isRecord(after) ? after[key] : undefined,
        ])
      : [['', before, after]];
  return (
    // Scrolls sideways on a phone: reachable by keyboard (Tab, then the arrow keys) and named.
    <div
      className={cn('overflow-x-auto rounded-md', focusRing)}
      tabIndex={0}
      role="region"
      aria-label={t('admin-audit.change')}
    >
      <table className="w-full min-w-[28rem] text-left text-sm">
        <thead className="text-ink-muted">
          <tr>
            <th scope="col" className="py-1 pr-3 font-semibold">
              {t('admin-audit.field')}
            </th>
            <th scope="col" className="py-1 pr-3 font-semibold">
              {t('admin-audit.before')}
            </th>
            <th scope="col" className="py-1 font-semibold">
              {t('admin-audit.after')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, old, next]) => {
            const changed = show(old) !== show(next);
            return (
              <tr key={key} className="border-t border-line/50 align-top">
                <th scope="row" className="py-1 pr-3 font-mono font-medium text-ink-muted">
                  {key || '–'}
                </th>
                <td className="py-1 pr-3 font-mono break-all text-ink-muted">{show(old)}</td>
                <td
                  className={cn(
                    'py-1 font-mono break-all',
                    changed ? 'text-neon-cyan-soft' : 'text-ink-muted',
                  )}
                >
                  {show(next)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
