import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { OwnProfile } from '@arcadia/contracts';
import type { ApiFailure } from '../../../lib/api/failure';
import { rootReducer } from '../../../app/store';

/** Spec §4 registration: begin, success (stores the profile), error. */
export interface RegistrationState {
  inProgress: boolean;
  profile: OwnProfile | null;
  error: ApiFailure | null;
}

export const initialRegistrationState: RegistrationState = {
  inProgress: false,
  profile: null,
  error: null,
};

export const registrationSlice = createSlice({
  name: 'registration',
  initialState: initialRegistrationState,
  reducers: {
    registrationBegin(state) {
      state.inProgress = true;
      state.error = null;
    },
    registrationSuccess(state, action: PayloadAction<OwnProfile>) {
      state.inProgress = false;
      state.profile = action.payload;
      state.error = null;
    },
    registrationError(state, action: PayloadAction<ApiFailure>) {
      state.inProgress = false;
      state.error = action.payload;
    },
  },
  selectors: {
    selectRegistration: (state) => state,
  },
});

export const { registrationBegin, registrationSuccess, registrationError } =
  registrationSlice.actions;

declare module '../../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this slice to RootState
  interface LazyLoadedSlices extends WithSlice<typeof registrationSlice> {}
}

export const injectedRegistrationSlice = registrationSlice.injectInto(rootReducer);
export const { selectRegistration } = injectedRegistrationSlice.selectors;
