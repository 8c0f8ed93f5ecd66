import { describe, expect, it } from 'vitest';
import { game, NOVA, PIXEL, profile } from '../../../testing/factories';
import {
  gameToggled,
  initialProfileState,
  profileLoadBegin,
  profileLoadFailure,
  profileLoadSuccess,
  profileSlice,
} from './profile-slice';

const reduce = profileSlice.reducer;
const nova = profile({ matchHistory: [game({ id: 'aaaaaaaa-0000-4000-8000-000000000001' })] });

describe('profile load (spec §4: begin, success, failure)', () => {
  it('begin sets loading for the asked id and clears a stale profile and error', () => {
    const before = { ...initialProfileState, profile: profile({ id: PIXEL }), error: null };
    expect(reduce(before, profileLoadBegin(NOVA))).toEqual({
      requestedId: NOVA,
      profile: null,
      expandedGameId: null,
      loading: true,
      error: null,
    });
  });

  it('begin for the profile already shown keeps it (and its open card) while reloading', () => {
    const shown = { ...initialProfileState, requestedId: NOVA, profile: nova, expandedGameId: 'g' };
    const state = reduce(shown, profileLoadBegin(NOVA));
    expect(state.profile).toBe(nova);
    expect(state.expandedGameId).toBe('g');
    expect(state.loading).toBe(true);
  });

  it('success stores the profile and ends loading', () => {
    const state = reduce(reduce(undefined, profileLoadBegin(NOVA)), profileLoadSuccess(nova));
    expect(state).toMatchObject({ profile: nova, loading: false, error: null });
  });

  it('failure stores the error and ends loading', () => {
    const error = { status: 500 as const, message: 'boom' };
    const state = reduce(
      reduce(undefined, profileLoadBegin(NOVA)),
      profileLoadFailure({ id: NOVA, error }),
    );
    expect(state).toMatchObject({ profile: null, loading: false, error });
  });

  it('an answer for an id no longer asked for is dropped', () => {
    const askedPixel = reduce(reduce(undefined, profileLoadBegin(NOVA)), profileLoadBegin(PIXEL));
    expect(reduce(askedPixel, profileLoadSuccess(nova))).toEqual(askedPixel);
    expect(
      reduce(askedPixel, profileLoadFailure({ id: NOVA, error: { status: 404, message: 'x' } })),
    ).toEqual(askedPixel);
  });
});

describe('expanding a game card toggles it (spec §4)', () => {
  it('opens, closes, and opening another closes the first', () => {
    let state = reduce(undefined, gameToggled('g1'));
    expect(state.expandedGameId).toBe('g1');
    state = reduce(state, gameToggled('g2'));
    expect(state.expandedGameId).toBe('g2');
    state = reduce(state, gameToggled('g2'));
    expect(state.expandedGameId).toBeNull();
  });
});
