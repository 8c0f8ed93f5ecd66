import { useId } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OpeningPeriod } from '@arcadia/contracts';
import { Button, FieldError, SelectField, TextField } from '../../../components/ui';

export const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/**
 * The week's opening periods, one row each (day, opens, closes); a period closing before it
 * opens runs past midnight. Errors come by path (`openingHours.2.closes`, `openingHours` for
 * the whole list).
 */
export function OpeningHoursField({
  value,
  onChange,
  error,
}: {
  value: OpeningPeriod[];
  onChange: (periods: OpeningPeriod[]) => void;
  error: (path: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  // An error of the opening hours as a whole: the group is marked, and takes the focus when it
  // is the first thing to fix (focusFirstInvalid).
  const groupError = error('openingHours');
  const set = (index: number, change: Partial<OpeningPeriod>) =>
    onChange(value.map((period, i) => (i === index ? { ...period, ...change } : period)));
  const dayOptions = DAYS.map((day) => ({ value: day, label: t(`admin-arcades.days.${day}`) }));
  return (
    <fieldset
      className="flex flex-col gap-3 rounded-xl border border-line p-4"
      aria-describedby={groupError ? errorId : undefined}
      data-invalid={groupError ? true : undefined}
      tabIndex={groupError ? -1 : undefined}
    >
      <legend className="px-1 text-sm font-semibold text-ink">
        {t('admin-arcades.fields.openingHours')}
      </legend>
      {value.length === 0 && (
        <p className="text-sm text-ink-muted">{t('admin-arcades.noOpeningHours')}</p>
      )}
      <ul className="flex flex-col gap-3">
        {value.map((period, index) => (
          <li
            // The rows have no identity of their own; their position is what the errors name.
            key={index}
            className="grid grid-cols-2 items-end gap-3 sm:grid-cols-[minmax(8rem,1fr)_10rem_10rem_auto]"
          >
            <SelectField
              className="col-span-2 sm:col-span-1"
              label={t('admin-arcades.fields.day', { n: index + 1 })}
              value={period.day}
              options={dayOptions}
              error={error(`openingHours.${index}.day`)}
              onChange={(e) => set(index, { day: e.target.value as OpeningPeriod['day'] })}
            />
            <TextField
              type="time"
              label={t('admin-arcades.fields.opens')}
              value={period.opens}
              error={error(`openingHours.${index}.opens`)}
              onChange={(e) => set(index, { opens: e.target.value })}
            />
            <TextField
              type="time"
              label={t('admin-arcades.fields.closes')}
              value={period.closes}
              error={error(`openingHours.${index}.closes`)}
              onChange={(e) => set(index, { closes: e.target.value })}
            />
            <Button
              variant="ghost"
              size="icon"
              className="col-span-2 justify-self-end sm:col-span-1"
              aria-label={t('admin-arcades.removePeriod', { n: index + 1 })}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden="true" size={18} />
            </Button>
          </li>
        ))}
      </ul>
      <FieldError id={errorId}>{groupError}</FieldError>
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        disabled={value.length >= 21}
        onClick={() =>
          onChange([...value, { day: nextDay(value), opens: '14:00', closes: '23:00' }])
        }
      >
        <Plus aria-hidden="true" size={16} />
        {t('admin-arcades.addPeriod')}
      </Button>
    </fieldset>
  );
}

function nextDay(periods: OpeningPeriod[]): OpeningPeriod['day'] {
  const last = periods.at(-1);
  if (!last) return 'mon';
  return DAYS[(DAYS.indexOf(last.day) + 1) % DAYS.length]!;
}
