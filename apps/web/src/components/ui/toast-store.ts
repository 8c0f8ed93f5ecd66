/**
 * A tiny toast queue outside React, so listeners, thunks and components can all call `toast()`;
 * the `<Toaster />` mounted once in the app shows what is queued.
 */
export type ToastVariant = 'success' | 'error' | 'info';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** Milliseconds before it hides on its own. */
  duration: number;
}

export type ToastInput = Omit<ToastMessage, 'id' | 'variant' | 'duration'> &
  Partial<Pick<ToastMessage, 'variant' | 'duration'>>;

type Listener = () => void;

let nextId = 1;
let toasts: readonly ToastMessage[] = [];
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a toast; a plain string is its title. Returns its id. */
export function toast(input: ToastInput | string): number {
  const message: ToastMessage = {
    variant: 'info',
    duration: 5000,
    ...(typeof input === 'string' ? { title: input } : input),
    id: nextId++,
  };
  toasts = [...toasts, message];
  emit();
  return message.id;
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function clearToasts(): void {
  toasts = [];
  emit();
}

export function getToasts(): readonly ToastMessage[] {
  return toasts;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
