/**
 * The scanner's states and transitions (spec §4) as a pure reducer. States: not started,
 * scanning, paused. Allowed: not started → scanning, scanning → paused, paused → scanning, and
 * any running state → not started. Everything else is refused and leaves the state as it was,
 * recording the refusal. File scanning is only possible while not started.
 */
import type { MessageKey, ScannerMessage } from './messages';

export type ScannerPhase = 'not_started' | 'scanning' | 'paused';
export type HeaderStatus = 'default' | 'success' | 'warning' | 'requesting_permission';

export interface Header {
  status: HeaderStatus;
  message: ScannerMessage | null;
}

export interface ScannerState {
  phase: ScannerPhase;
  /** The camera runs (scanning or paused). */
  started: boolean;
  paused: boolean;
  /** A camera start or a file scan is under way; the controls are disabled. */
  loading: boolean;
  torch: boolean;
  header: Header;
  /** The last refused event, for callers and tests; cleared by the next accepted one. */
  refused: Refusal | null;
}

export type ScannerEvent =
  | { type: 'start' }
  | { type: 'started' }
  | { type: 'startFailed'; message: ScannerMessage }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'stop' }
  | { type: 'fileScanStart' }
  | { type: 'fileScanDone'; header: Header }
  | { type: 'torch'; on: boolean }
  | { type: 'header'; header: Header };

export interface Refusal {
  event: ScannerEvent['type'];
  from: ScannerPhase;
  message: MessageKey;
}

export const initialScannerState: ScannerState = {
  phase: 'not_started',
  started: false,
  paused: false,
  loading: false,
  torch: false,
  header: { status: 'default', message: null },
  refused: null,
};

const msg = (key: MessageKey): ScannerMessage => ({ key });

function enter(state: ScannerState, phase: ScannerPhase, patch: Partial<ScannerState> = {}) {
  return {
    ...state,
    phase,
    started: phase !== 'not_started',
    paused: phase === 'paused',
    refused: null,
    ...patch,
  };
}

function refuse(state: ScannerState, event: ScannerEvent, message: MessageKey): ScannerState {
  return {
    ...state,
    refused: { event: event.type, from: state.phase, message },
    header: { status: 'warning', message: msg(message) },
  };
}

export function scannerReducer(state: ScannerState, event: ScannerEvent): ScannerState {
  const { phase } = state;
  switch (event.type) {
    case 'start':
      // not started → scanning begins here; 'started' completes it once the camera runs.
      if (phase !== 'not_started') return refuse(state, event, 'alreadyStarted');
      if (state.loading) return refuse(state, event, 'busy');
      return {
        ...state,
        loading: true,
        refused: null,
        header: { status: 'default', message: null },
      };
    case 'started':
      if (phase !== 'not_started' || !state.loading) return refuse(state, event, 'alreadyStarted');
      return enter(state, 'scanning', { loading: false });
    case 'startFailed':
      // A failed start re-enables the controls and shows why.
      if (phase !== 'not_started') return refuse(state, event, 'alreadyStarted');
      return enter(state, 'not_started', {
        loading: false,
        torch: false,
        header: { status: 'warning', message: event.message },
      });
    case 'pause':
      if (phase === 'not_started') return refuse(state, event, 'pleaseStart');
      if (phase === 'paused') return refuse(state, event, 'alreadyPaused');
      return enter(state, 'paused', { header: { status: 'warning', message: msg('paused') } });
    case 'resume':
      if (phase === 'not_started') return refuse(state, event, 'pleaseStart');
      if (phase === 'scanning') return refuse(state, event, 'notPaused');
      return enter(state, 'scanning', { header: { status: 'default', message: null } });
    case 'stop':
      if (phase === 'not_started') return refuse(state, event, 'pleaseStart');
      return enter(state, 'not_started', {
        loading: false,
        torch: false,
        header: { status: 'default', message: null },
      });
    case 'fileScanStart':
      if (phase !== 'not_started') return refuse(state, event, 'fileScanWhileCamera');
      if (state.loading) return refuse(state, event, 'busy');
      return {
        ...state,
        loading: true,
        refused: null,
        header: { status: 'default', message: null },
      };
    case 'fileScanDone':
      if (phase !== 'not_started') return refuse(state, event, 'fileScanWhileCamera');
      return { ...state, loading: false, refused: null, header: event.header };
    case 'torch':
      if (phase === 'not_started') return refuse(state, event, 'pleaseStart');
      return { ...state, torch: event.on, refused: null };
    case 'header':
      return { ...state, header: event.header };
  }
}

/** The phase an action leads to from a phase, or null when the spec forbids it. */
export function nextPhase(
  from: ScannerPhase,
  action: 'start' | 'pause' | 'resume' | 'stop' | 'scanFile',
): ScannerPhase | null {
  let state: ScannerState = enter(initialScannerState, from);
  if (action === 'start') {
    state = scannerReducer(state, { type: 'start' });
    if (state.refused) return null;
    state = scannerReducer(state, { type: 'started' });
  } else if (action === 'scanFile') {
    state = scannerReducer(state, { type: 'fileScanStart' });
  } else {
    state = scannerReducer(state, { type: action });
  }
  return state.refused ? null : state.phase;
}
