import { useId, type TextareaHTMLAttributes } from 'react';
import { cn, FieldError, inputClasses } from '../../../../components/ui';

export interface LongTextFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id'
> {
  label: string;
  error?: string;
}

/** A labelled textarea with its error wired through aria-describedby (descriptions). */
export function LongTextField({ label, error, className, ...props }: LongTextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(inputClasses, 'h-auto min-h-20 py-2')}
        {...props}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
