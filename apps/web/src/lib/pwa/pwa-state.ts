import { useSyncExternalStore } from 'react';

/** The service worker's state as the page knows it; read with `usePwaState()`. */
export interface PwaState {
  /** `unsupported`: no service workers here (disabled, not supported, not a secure context). */
  support: 'unknown' | 'supported' | 'unsupported';
  /** The worker is registered (not necessarily active yet). */
  registered: boolean;
  /** A new version is installed and waits for the player's "reload". */
  updateReady: boolean;
  /** Registration failed (the message is the browser's). */
  error: string | null;
}

const initial: PwaState = {
  support: 'unknown',
  registered: false,
  updateReady: false,
  error: null,
};

let state = initial;
const listeners = new Set<() => void>();

export const pwaState = {
  get: (): PwaState => state,
  set: (patch: Partial<PwaState>): void => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests only: back to the start. */
  reset: (): void => {
    state = initial;
    for (const listener of listeners) listener();
  },
};

export function usePwaState(): PwaState {
  return useSyncExternalStore(pwaState.subscribe, pwaState.get, pwaState.get);
}
