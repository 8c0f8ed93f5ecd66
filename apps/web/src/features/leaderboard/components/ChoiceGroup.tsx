import { useId } from 'react';
import { cn } from '../../../components/ui';

export interface Choice<T extends string> {
  value: T;
  label: string;
  disabled?: boolean;
}

/**
 * A segmented control made of native radio buttons: arrow keys move between the choices,
 * the group is named by its legend.
 */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  choices: ReadonlyArray<Choice<T>>;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <fieldset className="flex min-w-0 flex-col">
      <legend className="mb-1.5 text-xs font-semibold uppercase tracking-wider text-ink-muted">
        {legend}
      </legend>
      <div className="flex flex-1 rounded-xl border border-line bg-night-950/60 p-1">
        {choices.map((choice) => {
          const inputId = `${id}-${choice.value}`;
          return (
            <div key={choice.value} className="min-w-0 flex-1">
              <input
                type="radio"
                id={inputId}
                name={name}
                value={choice.value}
                checked={value === choice.value}
                disabled={choice.disabled}
                onChange={() => onChange(choice.value)}
                className="peer sr-only"
              />
              <label
                htmlFor={inputId}
                className={cn(
                  // (a label too long for a narrow phone wraps inside its segment, never over the
                  // next; below 360 px a smaller size keeps one long word off the segment's edges)
                  'flex h-full min-h-9 cursor-pointer items-center justify-center rounded-lg px-1 py-1 text-center text-[13px] leading-tight font-semibold text-balance break-words hyphens-auto text-ink-muted transition max-[359px]:text-xs sm:px-2 sm:text-sm',
                  'hover:text-ink peer-checked:bg-neon-cyan peer-checked:text-night-950 peer-checked:shadow-neon-cyan peer-checked:hover:text-night-950',
                  'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-neon-cyan',
                  'peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
                )}
              >
                {choice.label}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
