import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/class-names';
import { focusRing } from './focus';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-neon-cyan text-night-950 shadow-neon-cyan hover:bg-neon-cyan-soft active:translate-y-px',
  secondary:
    'border border-neon-cyan/60 bg-night-800/60 text-neon-cyan-soft hover:bg-neon-cyan/10 hover:border-neon-cyan',
  ghost: 'text-ink hover:bg-white/8 hover:text-neon-cyan-soft',
  danger:
    'bg-neon-pink text-night-950 shadow-neon-pink hover:bg-neon-pink-soft active:translate-y-px',
};

// A minimum height, not a fixed one: a label that wraps (a long word in a narrow column) grows
// the button instead of touching its border.
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 py-1 text-sm',
  md: 'min-h-11 px-5 py-2 text-base',
  lg: 'min-h-12 px-7 py-2 text-lg',
  icon: 'h-11 w-11 p-0',
};

/** Class names of a button, for links that look like one. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md') {
  return cn(
    'inline-flex select-none items-center justify-center gap-2 rounded-xl font-semibold tracking-wide transition',
    'disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50',
    variants[variant],
    sizes[size],
    focusRing,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
  /**
   * Its action is in progress: aria-disabled and aria-busy, and a press does nothing (nor
   * submits its form: Enter in a field presses the submit button). Not `disabled`, which would
   * drop the keyboard focus to the page while it waits, and after a failure that keeps it.
   */
  busy?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  className,
  type,
  busy,
  onClick,
  ...props
}: ButtonProps) {
  const classes = cn(buttonClasses(variant, size), className);
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      {...props}
      {...(busy ? { 'aria-disabled': true, 'aria-busy': true } : {})}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}
