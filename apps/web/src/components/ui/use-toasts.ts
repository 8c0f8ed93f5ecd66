import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts, toast } from './toast-store';

/** The toasts currently queued (re-renders when one is added or dismissed). */
export function useToasts() {
  return useSyncExternalStore(subscribeToasts, getToasts, getToasts);
}

/** `const { toast } = useToast()` in components; outside React import `toast` directly. */
export function useToast() {
  return { toast, dismiss: dismissToast };
}
