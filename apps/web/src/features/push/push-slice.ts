import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../lib/store/store';
import type { PushErrorKey, PushStatus } from './push-flow';

/** The notifications control: what it shows, whether a change runs, the last error. */
export interface PushState {
  status: PushStatus | 'unknown';
  busy: boolean;
  error: PushErrorKey | null;
}

export const initialPushState: PushState = { status: 'unknown', busy: false, error: null };

export const pushSlice = createSlice({
  name: 'push',
  initialState: initialPushState,
  reducers: {
    pushStatusRead(state, action: PayloadAction<PushStatus>) {
      state.status = action.payload;
    },
    pushChangeBegin(state) {
      state.busy = true;
      state.error = null;
    },
    pushChangeDone(state, action: PayloadAction<PushStatus>) {
      state.busy = false;
      state.status = action.payload;
    },
    /** A failed change; `status` is what is true afterwards (read again from the browser). */
    pushChangeFailed(state, action: PayloadAction<{ error: PushErrorKey; status: PushStatus }>) {
      state.busy = false;
      state.error = action.payload.error;
      state.status = action.payload.status;
    },
    pushErrorDismissed(state) {
      state.error = null;
    },
  },
  selectors: {
    selectPush: (state) => state,
  },
});

declare module '../../lib/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this slice to RootState
  interface LazyLoadedSlices extends WithSlice<typeof pushSlice> {}
}

/** Injected when the settings page first shows the control. */
export const injectedPushSlice = pushSlice.injectInto(rootReducer);

export const {
  pushStatusRead,
  pushChangeBegin,
  pushChangeDone,
  pushChangeFailed,
  pushErrorDismissed,
} = pushSlice.actions;
export const { selectPush } = injectedPushSlice.selectors;
