import { describe, expect, it } from 'vitest';
import type { PlayingDevice } from '@arcadia/contracts';
import { logout, sessionEnded } from '../../auth';
import { liveHello, livePlay } from '../../live';
import {
  currentDeviceLoaded,
  hasDeviceId,
  initialPlayState,
  playEndedDismissed,
  playErrorDismissed,
  playOnDeviceBegin,
  playOnDeviceFailure,
  playOnDeviceSuccess,
  playSlice,
  stopPlayingBegin,
  stopPlayingFailure,
  stopPlayingSuccess,
  type PlayState,
} from './play-slice';

const reduce = playSlice.reducer;
const device: PlayingDevice = {
  id: 'arena-1',
  arcade: 'berlin',
  name: 'Arena 1',
  arcadeName: 'Arcadia Berlin',
  applicationId: 'commando',
  joinedAt: '2026-01-01T10:00:00.000Z',
};
const other: PlayingDevice = { ...device, id: 'arena-2', name: 'Arena 2' };
const full = { status: 409, code: 'device_full', message: 'This device is full (8 players)' };
const playing: PlayState = { ...initialPlayState, device };
/** What the live channel adds to the state, as it starts. */
const quiet = { online: true, matchRunning: false, ended: null };

describe('play slice and the live channel', () => {
  const at = { arcade: 'berlin', id: 'arena-1' };
  it('a match over leaves the device and says why, with the game', () => {
    const state = reduce(
      playing,
      livePlay({
        reason: 'match_over',
        at,
        gameId: 'g-1',
        play: { device: null, online: true, matchRunning: false },
      }),
    );
    expect(state.device).toBeNull();
    expect(state.ended).toEqual({ reason: 'match_over', device: at, gameId: 'g-1' });
    expect(reduce(state, playEndedDismissed()).ended).toBeNull();
  });

  it('follows a running match and an offline device; hello does not undo a play call under way', () => {
    const running = reduce(
      playing,
      livePlay({
        reason: 'match_started',
        at,
        gameId: null,
        play: { device, online: false, matchRunning: true },
      }),
    );
    expect(running).toMatchObject({ device, online: false, matchRunning: true, ended: null });
    const asking = reduce(initialPlayState, playOnDeviceBegin(at));
    const hello = liveHello({
      unread: 0,
      play: { device: null, online: true, matchRunning: false },
    });
    expect(reduce(asking, hello)).toEqual(asking);
  });
});

describe('play slice (spec §3, §4)', () => {
  it('starts with no device and not loading', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({
      ...quiet,
      device: null,
      loading: false,
      requested: null,
      error: null,
    });
  });

  it('play-on-device sets loading and remembers the device asked for, clearing an old error', () => {
    const state = reduce(
      { ...initialPlayState, error: full },
      playOnDeviceBegin({ arcade: 'berlin', id: 'arena-1' }),
    );
    expect(state).toEqual({
      ...quiet,
      device: null,
      loading: true,
      requested: { arcade: 'berlin', id: 'arena-1' },
      error: null,
    });
  });

  it('play-on-device keeps the device one is on while the next one is asked for', () => {
    const state = reduce(playing, playOnDeviceBegin({ arcade: 'berlin', id: 'arena-2' }));
    expect(state.device).toEqual(device);
    expect(state.loading).toBe(true);
  });

  it('success stores the current device and ends loading', () => {
    const loading = reduce(initialPlayState, playOnDeviceBegin(device));
    expect(reduce(loading, playOnDeviceSuccess(device))).toEqual({
      ...quiet,
      device,
      loading: false,
      requested: null,
      error: null,
    });
  });

  it('success on another device replaces the current one (a player is on one device)', () => {
    expect(reduce(playing, playOnDeviceSuccess(other)).device).toEqual(other);
  });

  it('an error clears the device, ends loading and keeps the reason', () => {
    const loading = reduce(playing, playOnDeviceBegin(other));
    expect(reduce(loading, playOnDeviceFailure(full))).toEqual({
      ...quiet,
      device: null,
      loading: false,
      requested: null,
      error: full,
    });
  });

  it('stop playing sets loading, then clears the device', () => {
    const stopping = reduce(playing, stopPlayingBegin());
    expect(stopping).toMatchObject({ device, loading: true, error: null });
    expect(reduce(stopping, stopPlayingSuccess())).toMatchObject({ device: null, loading: false });
  });

  it('a stop refused with 404 (not on that device any more) clears the device too', () => {
    const notPlaying = { status: 404, code: 'not_playing', message: 'You are not playing' };
    const state = reduce(reduce(playing, stopPlayingBegin()), stopPlayingFailure(notPlaying));
    expect(state).toMatchObject({ device: null, loading: false, error: notPlaying });
  });

  it('a stop that could not reach the server keeps the device, so it can be tried again', () => {
    const offline = { status: 'FETCH_ERROR' as const, message: 'Failed to fetch' };
    const state = reduce(reduce(playing, stopPlayingBegin()), stopPlayingFailure(offline));
    expect(state).toMatchObject({ device, loading: false, error: offline });
  });

  it('loading the current device stores an answer with an id', () => {
    expect(reduce(initialPlayState, currentDeviceLoaded(device)).device).toEqual(device);
    expect(reduce(playing, currentDeviceLoaded(other)).device).toEqual(other);
  });

  it('loading the current device ignores an answer without an id', () => {
    expect(reduce(initialPlayState, currentDeviceLoaded({}))).toEqual(initialPlayState);
    expect(reduce(playing, currentDeviceLoaded({}))).toEqual(playing);
    expect(hasDeviceId({})).toBe(false);
    expect(hasDeviceId({ ...device, id: '' })).toBe(false);
    expect(hasDeviceId(device)).toBe(true);
  });

  it('dismissing the error leaves the rest', () => {
    const failed = reduce(initialPlayState, playOnDeviceFailure(full));
    expect(reduce(failed, playErrorDismissed())).toEqual(initialPlayState);
  });

  it('logout and an ended session forget the device', () => {
    const busy: PlayState = { ...playing, loading: true, error: full };
    expect(reduce(busy, logout())).toEqual(initialPlayState);
    expect(reduce(busy, sessionEnded())).toEqual(initialPlayState);
  });
});
