import { afterEach, describe, expect, it, vi } from 'vitest';
import { meApi } from '../../auth';
import {
  apiCalls,
  apiError,
  brokenContract,
  handlers,
  server,
  type Reply,
} from '../../../testing/api';
import { neo, playingDevice } from '../../../testing/factories';
import { signedInStore as signedIn } from '../../../testing/store';
import { registerPlayListeners } from './play-listeners';
import { selectPlay } from './play-slice';
import { loadCurrentDevice, playOnDevice, stopPlaying } from './play-thunks';

afterEach(() => {
  vi.restoreAllMocks();
});

const me = neo();
const arena = playingDevice();
/** What the app sent, call by call. */
const calls = () => apiCalls.map(({ method, path, body }) => ({ method, path, body }));
/** Signed in; registered (the own profile loaded) unless told. */
const signedInStore = ({ registered = true } = {}) => signedIn(registered ? me : null);

const devicePath = '/api/v2/arcadecenter/berlin/device/arena-1/player';

describe('play thunks against the play calls (spec §7)', () => {
  it('play-on-device posts { mail: "" } to the device and stores the answer', async () => {
    server.use(handlers.startPlaying({ body: arena }));
    const store = await signedInStore();
    const pending = store.dispatch(playOnDevice({ arcade: 'berlin', id: 'arena-1' }));
    expect(selectPlay(store.getState()).loading).toBe(true);
    expect(await pending).toBe(true);
    expect(calls()).toEqual([{ method: 'POST', path: devicePath, body: { mail: '' } }]);
    expect(selectPlay(store.getState())).toMatchObject({ device: arena, loading: false });
  });

  it.each([
    [404, 'device_not_found'],
    [409, 'device_full'],
    [409, 'device_offline'],
    [409, 'device_in_match'],
  ])('a %i %s clears the device and keeps the code', async (status, code) => {
    server.use(handlers.startPlaying(apiError(status, code, `server says ${code}`)));
    const store = await signedInStore();
    expect(await store.dispatch(playOnDevice({ arcade: 'berlin', id: 'arena-1' }))).toBe(false);
    expect(selectPlay(store.getState())).toMatchObject({
      device: null,
      loading: false,
      error: { status, code, message: `server says ${code}` },
    });
  });

  it('an answer that breaks the contract counts as an error, not as a device', async () => {
    server.use(handlers.startPlaying(brokenContract({ id: 'arena-1' })));
    vi.spyOn(console, 'error').mockImplementation(() => {}); // RTK Query may report it
    const store = await signedInStore();
    expect(await store.dispatch(playOnDevice({ arcade: 'berlin', id: 'arena-1' }))).toBe(false);
    expect(selectPlay(store.getState()).device).toBeNull();
  });

  it('stop playing deletes the own player from the current device and clears it', async () => {
    server.use(
      handlers.startPlaying({ body: arena }),
      handlers.stopPlaying({ body: { success: true } }),
    );
    const store = await signedInStore();
    await store.dispatch(playOnDevice({ arcade: 'berlin', id: 'arena-1' }));
    await store.dispatch(stopPlaying());
    expect(calls().at(-1)).toEqual({
      method: 'DELETE',
      path: `/api/arcadecenter/berlin/device/arena-1/player/${me.id}`,
      body: undefined,
    });
    expect(selectPlay(store.getState())).toMatchObject({ device: null, loading: false });
  });

  it('loading the current device stores it only when the answer has an id', async () => {
    let reply: Reply<typeof arena | Record<string, never>> = { body: {} };
    server.use(handlers.getCurrentDevice(() => reply));
    const store = await signedInStore();
    await store.dispatch(loadCurrentDevice());
    expect(selectPlay(store.getState()).device).toBeNull();
    reply = { body: arena };
    await store.dispatch(loadCurrentDevice());
    expect(selectPlay(store.getState()).device).toEqual(arena);
    reply = { body: {} };
    await store.dispatch(loadCurrentDevice());
    expect(selectPlay(store.getState()).device).toEqual(arena);
  });
});

describe('after a profile loads, the current device is loaded (spec §4)', () => {
  it('asks GET /api/v2/user/me/device when the own profile loads and stores the device', async () => {
    server.use(handlers.getMe({ body: me }), handlers.getCurrentDevice({ body: arena }));
    const store = await signedInStore({ registered: false });
    const stop = registerPlayListeners();
    try {
      await store.dispatch(meApi.endpoints.getMe.initiate(undefined, { subscribe: false }));
      await vi.waitFor(() => expect(selectPlay(store.getState()).device).toEqual(arena));
      expect(calls().map((c) => c.path)).toEqual(['/api/v2/user/me', '/api/v2/user/me/device']);
    } finally {
      stop();
    }
  });

  it('does not ask when the own profile is not there (404: not registered)', async () => {
    server.use(handlers.getMe(apiError(404, 'not_found', 'not registered')));
    const store = await signedInStore({ registered: false });
    const stop = registerPlayListeners();
    try {
      await store.dispatch(meApi.endpoints.getMe.initiate(undefined, { subscribe: false }));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(calls().map((c) => c.path)).toEqual(['/api/v2/user/me']);
      expect(selectPlay(store.getState()).device).toBeNull();
    } finally {
      stop();
    }
  });

  it('without the listener nothing asks for the device (the listener is what loads it)', async () => {
    server.use(handlers.getMe({ body: me }), handlers.getCurrentDevice({ body: arena }));
    const store = await signedInStore({ registered: false });
    await store.dispatch(meApi.endpoints.getMe.initiate(undefined, { subscribe: false }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls().map((c) => c.path)).toEqual(['/api/v2/user/me']);
  });
});
