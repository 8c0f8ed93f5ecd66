import {
  combineSlices,
  configureStore,
  createListenerMiddleware,
  type Action,
  type ThunkAction,
} from '@reduxjs/toolkit';
import { api } from '../lib/api/base';

/**
 * The root reducer starts with the API cache; every feature injects its own slice with
 * `slice.injectInto(rootReducer)` (lazy pages inject when they load), so no feature edits this file.
 */
export const rootReducer = combineSlices(api);

/** Cross-slice transitions of spec §4 ("after the profile loads, load the device and friends"). */
export const listenerMiddleware = createListenerMiddleware();

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault().prepend(listenerMiddleware.middleware).concat(api.middleware),
    devTools: { maxAge: 25 },
  });
}

export type RootState = ReturnType<typeof rootReducer>;
export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, Action>;

export const startAppListening = listenerMiddleware.startListening.withTypes<
  RootState,
  AppDispatch
>();
