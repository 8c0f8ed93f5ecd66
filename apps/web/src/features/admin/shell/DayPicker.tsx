import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button, TextField } from '../../../components/ui';
import { berlinToday, isDay, shiftDay } from './berlin-day';

/**
 * The Europe/Berlin day a console list shows, kept in the URL as `?day=` (absent: today), so a
 * reload or a shared link opens the same day.
 */
export function useDayParam() {
  const [params, setParams] = useSearchParams();
  const today = berlinToday();
  const asked = params.get('day');
  const day = isDay(asked) ? asked : today;
  const setDay = (next: string) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next === today) copy.delete('day');
      else copy.set('day', next);
      return copy;
    });
  return { day, today, setDay };
}

export interface DayPickerLabels {
  day: string;
  previous: string;
  next: string;
  /** The "back to today" button; none when not given. */
  today?: string;
}

/** A day field between "previous day" and "next day" (never past today). */
export function DayPicker({
  day,
  today,
  setDay,
  labels,
}: ReturnType<typeof useDayParam> & { labels: DayPickerLabels }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Button
        variant="secondary"
        size="icon"
        aria-label={labels.previous}
        onClick={() => setDay(shiftDay(day, -1))}
      >
        <ChevronLeft aria-hidden="true" size={20} />
      </Button>
      <TextField
        type="date"
        className="w-48"
        label={labels.day}
        value={day}
        max={today}
        onChange={(e) => isDay(e.target.value) && setDay(e.target.value)}
      />
      <Button
        variant="secondary"
        size="icon"
        aria-label={labels.next}
        disabled={day >= today}
        onClick={() => setDay(shiftDay(day, 1))}
      >
        <ChevronRight aria-hidden="true" size={20} />
      </Button>
      {labels.today && day !== today && (
        <Button variant="ghost" onClick={() => setDay(today)}>
          {labels.today}
        </Button>
      )}
    </div>
  );
}

export interface CursorPage {
  /** The `before` cursor of this page (undefined: the first). */
  before: string | undefined;
  first: boolean;
  /** Only the last page offers "more". */
  last: boolean;
  onMore: (next: string) => void;
}

/**
 * A list read page by page with a `before` cursor: the first page, and each further one the
 * operator asks for, one under the other.
 */
export function CursorPages({ children }: { children: (page: CursorPage) => ReactNode }) {
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  return (
    <div className="flex flex-col gap-3">
      {cursors.map((before, index) => (
        <div key={before ?? 'first'} className="contents">
          {children({
            before,
            first: index === 0,
            last: index === cursors.length - 1,
            onMore: (next) => setCursors((list) => [...list, next]),
          })}
        </div>
      ))}
    </div>
  );
}
