import { createSlice, type UnknownAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../../lib/store/store';
import { liveHello, liveNotifications } from './live-actions';

/** The live channel as the app shows it: whether it is connected, and the bell's unread count. */
export interface LiveState {
  connected: boolean;
  unread: number;
}

const initialLiveState: LiveState = { connected: false, unread: 0 };

const SIGNED_OUT = new Set(['auth/logout', 'auth/sessionEnded']);
const isSignedOut = (action: UnknownAction) => SIGNED_OUT.has(action.type);

export const liveSlice = createSlice({
  name: 'live',
  initialState: initialLiveState,
  reducers: {
    liveDisconnected(state) {
      state.connected = false;
    },
    /** The list was read: nothing unread any more. */
    notificationsRead(state) {
      state.unread = 0;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(liveHello, (state, action) => {
        state.connected = true;
        state.unread = action.payload.unread;
      })
      .addCase(liveNotifications, (state, action) => {
        state.unread = action.payload.unread;
      })
      .addMatcher(isSignedOut, () => initialLiveState);
  },
  selectors: {
    selectUnread: (state) => state.unread,
    selectLiveConnected: (state) => state.connected,
  },
});

declare module '../../../lib/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this slice to RootState
  interface LazyLoadedSlices extends WithSlice<typeof liveSlice> {}
}

export const injectedLiveSlice = liveSlice.injectInto(rootReducer);
export const { liveDisconnected, notificationsRead } = liveSlice.actions;
export const { selectUnread, selectLiveConnected } = injectedLiveSlice.selectors;
