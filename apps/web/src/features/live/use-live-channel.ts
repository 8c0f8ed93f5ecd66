import { useEffect } from 'react';
import type { LiveEvent, LiveEventType } from '@arcadia/contracts';
import { api } from '../../lib/api/base';
import { readEventStream, type StreamEvent } from '../../lib/api/event-stream';
import { checkAnswer } from '../../lib/api/lazy-schema';
import { useAppDispatch } from '../../lib/store/hooks';
import type { AppDispatch } from '../../lib/store/store';
import { liveGameStored, liveHello, liveNotifications, livePlay } from './state/live-actions';
import { liveDisconnected } from './state/live-slice';

/** The wait before the first reconnection; it doubles on each failure up to the maximum. */
export const RECONNECT_BASE_MS = 1000;
const RECONNECT_MAX_MS = 30_000;

/**
 * What changes when one of the player's games arrives (or after a reconnection, when one may have
 * been missed): their profile and statistics, their games, the leaderboards and the bell's list.
 */
export function refreshAfterGame(dispatch: AppDispatch, userId: string): void {
  dispatch(
    api.util.invalidateTags([
      { type: 'Profile', id: userId },
      { type: 'Games', id: userId },
      'Leaderboard',
      'Notifications',
    ]),
  );
}

/** The events the app handles (the contract's liveEventSchemas' keys; a test keeps them alike). */
export const LIVE_EVENT_TYPES: readonly string[] = ['hello', 'play', 'game', 'notifications'];

/** The event's data as its contract says (checked as base.ts checks answers), or null. */
async function liveEvent(event: StreamEvent): Promise<LiveEvent | null> {
  if (!LIVE_EVENT_TYPES.includes(event.type)) return null;
  const type = event.type as LiveEventType;
  let json: unknown;
  try {
    json = JSON.parse(event.data);
  } catch {
    return null;
  }
  const checked = await checkAnswer<unknown>((c) => c.liveEventSchemas[type], json);
  return checked.issues ? null : ({ type, data: checked.value } as LiveEvent);
}

async function handle(
  dispatch: AppDispatch,
  userId: string,
  received: StreamEvent,
  resync: boolean,
): Promise<void> {
  const event = await liveEvent(received);
  if (!event) return;
  switch (event.type) {
    case 'hello':
      dispatch(liveHello(event.data));
      if (resync) refreshAfterGame(dispatch, userId);
      return;
    case 'play':
      dispatch(livePlay(event.data));
      return;
    case 'game':
      dispatch(liveGameStored(event.data));
      refreshAfterGame(dispatch, userId);
      return;
    case 'notifications':
      dispatch(liveNotifications(event.data));
      dispatch(api.util.invalidateTags(['Notifications']));
      return;
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Keeps the live channel (GET /api/live) open while a registered player is signed in
 * (`userId` set): every event goes to the store; a dropped stream comes back after a growing,
 * jittered wait, and its first event (`hello`, the whole state) resyncs what may have been missed.
 */
export function useLiveChannel(userId: string | null): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!userId) return;
    const abort = new AbortController();
    void (async () => {
      // Events are handled one after the other, in the order they came.
      let handled = Promise.resolve();
      let failures = 0;
      let connectedBefore = false;
      while (!abort.signal.aborted) {
        let helloSeen = false;
        try {
          await readEventStream(
            // Absolute: a relative 'api/live' asked /profile/api/live on a profile (the HTML).
            '/api/live',
            (event) => {
              const resync = event.type === 'hello' && connectedBefore;
              if (event.type === 'hello') {
                helloSeen = true;
                connectedBefore = true;
                failures = 0;
              }
              handled = handled.then(() => handle(dispatch, userId, event, resync));
            },
            abort.signal,
          );
        } catch {
          // Refused or broken off: try again after the wait below.
        }
        if (abort.signal.aborted) return;
        dispatch(liveDisconnected());
        if (!helloSeen) failures += 1;
        const wait = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** failures);
        await sleep(wait * (0.75 + Math.random() / 2), abort.signal);
      }
    })();
    return () => abort.abort();
  }, [dispatch, userId]);
}
