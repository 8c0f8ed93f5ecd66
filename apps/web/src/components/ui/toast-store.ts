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
  /**
   * Still shown after the page is left and the app loads again within 30 s (a sign-out through
   * the identity provider's page, right after 'Success').
   */
  persist?: boolean;
}

export type ToastInput = Omit<ToastMessage, 'id' | 'variant' | 'duration' | 'persist'> &
  Partial<Pick<ToastMessage, 'variant' | 'duration' | 'persist'>>;

const PERSIST_KEY = 'arcadia.toasts';
const PERSIST_MS = 30_000;
let persisting = false;

/** When the page goes away, the toasts marked `persist` are kept for the next load of the app. */
function persistOnLeave() {
  if (persisting || typeof window === 'undefined') return;
  persisting = true;
  window.addEventListener('pagehide', () => {
    const kept = toasts.filter((t) => t.persist);
    if (kept.length === 0) return;
    try {
      sessionStorage.setItem(
        PERSIST_KEY,
        JSON.stringify({ until: Date.now() + PERSIST_MS, toasts: kept }),
      );
    } catch {
      // storage unavailable: the toast is lost with the page
    }
  });
}

/** At start: shows the toasts the previous page kept (see `persist`), once. */
export function restorePersistedToasts(): void {
  try {
    const raw = sessionStorage.getItem(PERSIST_KEY);
    sessionStorage.removeItem(PERSIST_KEY);
    if (!raw) return;
    const saved = JSON.parse(raw) as { until: number; toasts: ToastMessage[] };
    if (saved.until < Date.now()) return;
    for (const { title, description, variant, duration } of saved.toasts)
      toast({ title, description, variant, duration });
  } catch {
    // nothing usable kept
  }
}

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
  if (message.persist) persistOnLeave();
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
