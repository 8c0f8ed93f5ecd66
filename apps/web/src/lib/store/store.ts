import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  createListenerMiddleware,
  type Middleware,
  type Reducer,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type { api } from '../api/base';

/**
 * The state of slices injected later. Each feature declares its own slice here from its own
 * files, so no feature edits this file:
 *
 *   declare module '../../../lib/store/store' {   // from features/<name>/state/
 *     interface LazyLoadedSlices extends WithSlice<typeof profileSlice> {}
 *   }
 *
 * and the slice's state then appears (optional) in RootState.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by features
export interface LazyLoadedSlices {}

/**
 * Every feature injects its own slice with `slice.injectInto(rootReducer)` (lazy pages inject
 * when they load), so no feature edits this file. The RTK Query API injects itself (reducer and
 * middleware) when `lib/api/base` is first imported: a first page that calls no API (an anonymous
 * visitor's home) does not load RTK Query at all.
 */
export const rootReducer = combineSlices().withLazyLoadedSlices<LazyLoadedSlices>();

/** Cross-slice transitions of spec §4 ("after the profile loads, load the device and friends"). */
export const listenerMiddleware = createListenerMiddleware();

/** Middleware added later (the API's, when it loads). */
export const dynamicMiddleware = createDynamicMiddleware();

/** The root reducer typed with the API cache, which is in the state by the time anyone reads it. */
const typedRootReducer = rootReducer as unknown as Reducer<RootState, UnknownAction>;

/** Stores made so far (weakly held), so a late slice can be initialized in each of them. */
const madeStores = new Set<WeakRef<{ dispatch: (action: UnknownAction) => unknown }>>();

/**
 * Adds a slice that loads later (the RTK Query API) with its middleware: the reducer joins the
 * root reducer, the middleware the dynamic middleware, and every existing store gets an action
 * so the slice's state exists before its first use.
 */
export function injectLateSlice(
  slice: { reducerPath: string; reducer: Reducer },
  middleware?: Middleware,
): void {
  rootReducer.inject(slice as Parameters<typeof rootReducer.inject>[0]);
  if (middleware) dynamicMiddleware.addMiddleware(middleware);
  for (const ref of madeStores) {
    const store = ref.deref();
    if (store) store.dispatch({ type: 'store/lateSliceInjected', payload: slice.reducerPath });
    else madeStores.delete(ref);
  }
}

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: typedRootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault().prepend(listenerMiddleware.middleware).concat(dynamicMiddleware.middleware),
    devTools: { maxAge: 25 },
  });
  madeStores.add(new WeakRef(store));
  return store;
}

/** The state: every slice (lazy ones optional) and the API cache, present once anything uses it. */
export type RootState = ReturnType<typeof rootReducer> & {
  api: ReturnType<typeof api.reducer>;
};
export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
/** A thunk whose dispatch is the store's own (extra argument undefined, as configureStore sets). */
export type AppThunk<R = void> = ThunkAction<R, RootState, undefined, UnknownAction>;

export const startAppListening = listenerMiddleware.startListening.withTypes<
  RootState,
  AppDispatch
>();
