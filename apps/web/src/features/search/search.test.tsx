import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, handlers, server } from '../../testing/api';
import { neo } from '../../testing/factories';
import { renderApp } from '../../testing/render-app';
import { signedInStore } from '../../testing/store';
import { SearchPanel } from './components/SearchPanel';
import {
  initialSearchState,
  searchBegin,
  searchCleared,
  searchFailure,
  searchSlice,
  searchSuccess,
} from './state/search-slice';

const reduce = searchSlice.reducer;
const hit = (id: string, name: string) => ({ id, name });

describe('search slice (spec §3: term, results, in progress)', () => {
  it('begin stores the term and marks the search in progress', () => {
    expect(reduce(initialSearchState, searchBegin('neo'))).toMatchObject({
      term: 'neo',
      inProgress: true,
      results: null,
    });
  });

  it('success stores the results for the current term; older answers are dropped', () => {
    let state = reduce(initialSearchState, searchBegin('neo'));
    state = reduce(state, searchBegin('neon'));
    state = reduce(state, searchSuccess({ term: 'neo', results: [hit('1', 'neo')] }));
    expect(state).toMatchObject({ term: 'neon', inProgress: true, results: null });
    state = reduce(state, searchSuccess({ term: 'neon', results: [hit('2', 'neon')] }));
    expect(state).toMatchObject({ inProgress: false, results: [hit('2', 'neon')] });
  });

  it('failure ends the search with an error; clearing resets', () => {
    let state = reduce(
      reduce(initialSearchState, searchBegin('neo')),
      searchFailure({ term: 'neo', message: 'x' }),
    );
    expect(state).toMatchObject({ inProgress: false, error: 'x', results: null });
    state = reduce(state, searchCleared());
    expect(state).toEqual(initialSearchState);
  });
});

describe('SearchPanel (spec §5: required, at least 3 characters, 1000 ms after typing stops)', () => {
  let answer: (term: string) => Array<{ id: string; name: string }>;

  beforeEach(() => {
    answer = (term) => [hit('7d3c1a52-0b8e-4a5e-9d0f-6f1e2c3b4a51', `${term}-player`)];
    server.use(
      handlers.searchUsers(({ query }) => ({
        body: { data: answer(query.get('searchterm') ?? '') },
      })),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function setup() {
    const store = await signedInStore(neo(), { sub: 'sub-1' });
    const user = userEvent.setup({ delay: null });
    await renderApp(<SearchPanel />, { store });
    // Testing Library drives fake timers only when it sees a `jest` global; give it vitest's.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const input = screen.getByRole('searchbox', { name: 'Spieler suchen' });
    const searches = () => callsTo('GET', '/api/user');
    return { user, input, searches };
  }

  const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

  it('fires 1000 ms after the last key, not before', async () => {
    const { user, input, searches } = await setup();
    await user.type(input, 'neo');
    await advance(999);
    expect(searches()).toHaveLength(0);
    await advance(1);
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0]?.path).toBe('/api/user?searchterm=neo');
    expect(await screen.findByRole('heading', { name: 'Suchergebnis:' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'neo-player' })).toHaveAttribute(
      'href',
      '/profile/7d3c1a52-0b8e-4a5e-9d0f-6f1e2c3b4a51',
    );
  });

  it('typing again restarts the pause: one search for the final term', async () => {
    const { user, input, searches } = await setup();
    await user.type(input, 'neo');
    await advance(600);
    await user.type(input, 'n');
    await advance(600);
    expect(searches()).toHaveLength(0);
    await advance(400);
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0]?.path).toBe('/api/user?searchterm=neon');
  });

  it('fewer than 3 characters: a hint, no search', async () => {
    const { user, input, searches } = await setup();
    await user.type(input, 'ne');
    await advance(2000);
    expect(searches()).toHaveLength(0);
    expect(screen.getByText('Mindestens 3 Zeichen.')).toBeVisible();
    expect(input).toBeInvalid();
  });

  it('an empty field never searches and says the term is required once left', async () => {
    const { user, input, searches } = await setup();
    await user.type(input, 'abc');
    await user.clear(input);
    await user.tab();
    await advance(2000);
    expect(searches()).toHaveLength(0);
    expect(screen.getByText('Bitte gib einen Suchbegriff ein.')).toBeVisible();
  });

  it('nothing matching: a message', async () => {
    answer = () => [];
    const { user, input } = await setup();
    await user.type(input, 'zzz');
    await advance(1000);
    expect(await screen.findByText('Kein Spieler gefunden für „zzz“.')).toBeVisible();
    expect(screen.getByText(/Manche Profile sehen nur Freunde/)).toBeVisible();
  });

  it('a spinner while the search runs', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(handlers.searchUsers({ body: { data: [] }, wait: gate }));
    const { user, input } = await setup();
    await user.type(input, 'neo');
    await advance(1000);
    expect(await screen.findByRole('status')).toHaveTextContent('Suche läuft');
    release();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });
});
