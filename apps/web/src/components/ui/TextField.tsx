import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';
import { cn } from '../../lib/class-names';
import { focusRing } from './focus';

export const inputClasses = cn(
  'h-11 w-full rounded-xl border border-line bg-night-950/70 px-3 text-ink placeholder:text-ink-muted/80 transition',
  'hover:border-neon-cyan/50 focus-visible:border-neon-cyan',
  'aria-invalid:border-danger disabled:opacity-60',
  focusRing,
);

/** The error line under a field, referenced by the field's aria-describedby. */
export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-danger">
      {children}
    </p>
  );
}

function describedBy(...ids: Array<string | false | undefined>) {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** Shown under the field in the danger colour; marks the field invalid. */
  error?: ReactNode;
  hint?: ReactNode;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  /** Classes of the wrapper. */
  className?: string;
  inputClassName?: string;
}

/**
 * A labelled text input with hint and error text wired through aria-describedby (after any
 * description of its own, such as a hint shared by several fields).
 */
export function TextField({
  label,
  error,
  hint,
  id,
  className,
  inputClassName,
  'aria-describedby': described,
  ...props
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(
          hint ? hintId : undefined,
          described,
          error ? errorId : undefined,
        )}
        className={cn(inputClasses, inputClassName)}
        {...props}
      />
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  error?: ReactNode;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/** A native checkbox (works in forms, keyboard and screen readers) with label and error text. */
export function Checkbox({ label, error, id, className, ...props }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            'mt-0.5 h-5 w-5 shrink-0 cursor-pointer rounded border-line accent-neon-pink',
            focusRing,
          )}
          {...props}
        />
        <label htmlFor={inputId} className="cursor-pointer text-ink">
          {label}
        </label>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  id?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  className?: string;
}

/** A labelled native select (the platform picker on phones). */
export function SelectField({
  label,
  error,
  hint,
  id,
  options,
  className,
  ...props
}: SelectFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <select
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : undefined, error ? errorId : undefined)}
        className={cn(inputClasses, 'cursor-pointer pr-8')}
        {...props}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} className="bg-night-900">
            {o.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
