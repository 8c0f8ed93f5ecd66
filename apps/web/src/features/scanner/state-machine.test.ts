import { describe, expect, it } from 'vitest';
import {
  initialScannerState,
  nextPhase,
  scannerReducer,
  type ScannerEvent,
  type ScannerPhase,
  type ScannerState,
} from './state-machine';

const run = (state: ScannerState, ...events: ScannerEvent[]) =>
  events.reduce(scannerReducer, state);
const notStarted = initialScannerState;
const scanning = run(notStarted, { type: 'start' }, { type: 'started' });
const paused = run(scanning, { type: 'pause' });
const at: Record<ScannerPhase, ScannerState> = {
  not_started: notStarted,
  scanning,
  paused,
};

describe('scanner state machine (spec §4)', () => {
  it('starts not started, with every flag off and the default header', () => {
    expect(notStarted).toMatchObject({
      phase: 'not_started',
      started: false,
      paused: false,
      loading: false,
      torch: false,
      header: { status: 'default', message: null },
    });
  });

  describe('allowed transitions', () => {
    it.each([
      ['not_started', 'start', 'scanning'],
      ['scanning', 'pause', 'paused'],
      ['paused', 'resume', 'scanning'],
      ['scanning', 'stop', 'not_started'],
      ['paused', 'stop', 'not_started'],
      ['not_started', 'scanFile', 'not_started'],
    ] as const)('%s --%s--> %s', (from, action, to) => {
      expect(nextPhase(from, action)).toBe(to);
    });
  });

  describe('refused transitions', () => {
    it.each([
      ['not_started', 'pause'],
      ['not_started', 'resume'],
      ['not_started', 'stop'],
      ['scanning', 'start'],
      ['scanning', 'resume'],
      ['scanning', 'scanFile'],
      ['paused', 'start'],
      ['paused', 'pause'],
      ['paused', 'scanFile'],
    ] as const)('%s --%s--> refused', (from, action) => {
      expect(nextPhase(from, action)).toBeNull();
    });

    it.each([
      ['not_started', { type: 'pause' }, 'pleaseStart'],
      ['not_started', { type: 'resume' }, 'pleaseStart'],
      ['not_started', { type: 'stop' }, 'pleaseStart'],
      ['not_started', { type: 'torch', on: true }, 'pleaseStart'],
      ['scanning', { type: 'start' }, 'alreadyStarted'],
      ['scanning', { type: 'started' }, 'alreadyStarted'],
      ['scanning', { type: 'resume' }, 'notPaused'],
      ['scanning', { type: 'fileScanStart' }, 'fileScanWhileCamera'],
      ['paused', { type: 'start' }, 'alreadyStarted'],
      ['paused', { type: 'pause' }, 'alreadyPaused'],
      ['paused', { type: 'fileScanStart' }, 'fileScanWhileCamera'],
      ['paused', { type: 'startFailed', message: { key: 'inUse' } }, 'alreadyStarted'],
    ] as const)('from %s, %o leaves the state as it was and warns %s', (from, event, message) => {
      const before = at[from];
      const after = scannerReducer(before, event);
      expect(after.phase).toBe(before.phase);
      expect(after.started).toBe(before.started);
      expect(after.paused).toBe(before.paused);
      expect(after.torch).toBe(before.torch);
      expect(after.refused).toEqual({ event: event.type, from, message });
      expect(after.header).toEqual({ status: 'warning', message: { key: message } });
    });

    it('refuses "started" when no start is under way', () => {
      const after = scannerReducer(notStarted, { type: 'started' });
      expect(after.phase).toBe('not_started');
      expect(after.refused?.event).toBe('started');
    });

    it('refuses a second start while the first is loading', () => {
      const loading = scannerReducer(notStarted, { type: 'start' });
      const after = scannerReducer(loading, { type: 'start' });
      expect(after.refused).toEqual({ event: 'start', from: 'not_started', message: 'busy' });
      expect(after.loading).toBe(true);
    });

    it('refuses a file scan while a camera start is loading, and a start while a file scans', () => {
      const starting = scannerReducer(notStarted, { type: 'start' });
      expect(scannerReducer(starting, { type: 'fileScanStart' }).refused?.message).toBe('busy');
      const fileScan = scannerReducer(notStarted, { type: 'fileScanStart' });
      expect(scannerReducer(fileScan, { type: 'start' }).refused?.message).toBe('busy');
    });

    it('refuses finishing a file scan while the camera runs', () => {
      const after = scannerReducer(scanning, {
        type: 'fileScanDone',
        header: { status: 'success', message: { key: 'scanned' } },
      });
      expect(after.refused?.message).toBe('fileScanWhileCamera');
      expect(after.phase).toBe('scanning');
    });
  });

  describe('flags and header', () => {
    it('a start sets loading and keeps the phase until the camera runs', () => {
      const loading = scannerReducer(notStarted, { type: 'start' });
      expect(loading).toMatchObject({ phase: 'not_started', loading: true, started: false });
      expect(scanning).toMatchObject({
        phase: 'scanning',
        loading: false,
        started: true,
        paused: false,
      });
    });

    it('a failed start re-enables the controls and shows why', () => {
      const failed = run(
        notStarted,
        { type: 'start' },
        {
          type: 'startFailed',
          message: { key: 'permissionDenied' },
        },
      );
      expect(failed).toMatchObject({
        phase: 'not_started',
        loading: false,
        started: false,
        header: { status: 'warning', message: { key: 'permissionDenied' } },
      });
      // and a new start is accepted
      expect(scannerReducer(failed, { type: 'start' }).refused).toBeNull();
    });

    it('pausing sets paused and shows "Scanner paused"; resuming clears both', () => {
      expect(paused).toMatchObject({
        paused: true,
        started: true,
        header: { status: 'warning', message: { key: 'paused' } },
      });
      const resumed = scannerReducer(paused, { type: 'resume' });
      expect(resumed).toMatchObject({
        paused: false,
        header: { status: 'default', message: null },
      });
    });

    it('the torch can be switched while scanning or paused, and stop turns it off', () => {
      const lit = scannerReducer(scanning, { type: 'torch', on: true });
      expect(lit.torch).toBe(true);
      expect(scannerReducer(paused, { type: 'torch', on: true }).torch).toBe(true);
      const stopped = scannerReducer(lit, { type: 'stop' });
      expect(stopped).toMatchObject({ phase: 'not_started', torch: false, started: false });
    });

    it('a file scan sets loading and ends with its header', () => {
      const scanningFile = scannerReducer(notStarted, { type: 'fileScanStart' });
      expect(scanningFile).toMatchObject({ phase: 'not_started', loading: true });
      const done = scannerReducer(scanningFile, {
        type: 'fileScanDone',
        header: { status: 'success', message: { key: 'scanned' } },
      });
      expect(done).toMatchObject({ loading: false, header: { status: 'success' } });
    });

    it.each(['default', 'success', 'warning', 'requesting_permission'] as const)(
      'the header can show status %s in any phase',
      (status) => {
        for (const state of [notStarted, scanning, paused]) {
          const after = scannerReducer(state, {
            type: 'header',
            header: { status, message: null },
          });
          expect(after.header.status).toBe(status);
          expect(after.phase).toBe(state.phase);
        }
      },
    );

    it('an accepted event clears an earlier refusal', () => {
      const refused = scannerReducer(notStarted, { type: 'pause' });
      expect(refused.refused).not.toBeNull();
      expect(scannerReducer(refused, { type: 'start' }).refused).toBeNull();
    });
  });
});
