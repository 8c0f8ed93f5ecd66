import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../../lib/store/store';

/** The delete-profile dialog and its in-progress flag (spec §3 deleteInProgress). */
export interface DeleteProfileState {
  dialogOpen: boolean;
  deleteInProgress: boolean;
}

export const initialDeleteState: DeleteProfileState = {
  dialogOpen: false,
  deleteInProgress: false,
};

/** Spec §4 delete profile: show dialog, hide, start, success (closes the dialog), error. */
export const deleteProfileSlice = createSlice({
  name: 'deleteProfile',
  initialState: initialDeleteState,
  reducers: {
    showDeleteDialog: (state) => {
      state.dialogOpen = true;
    },
    hideDeleteDialog: (state) => {
      if (!state.deleteInProgress) state.dialogOpen = false;
    },
    deleteStart: (state) => {
      state.deleteInProgress = true;
    },
    deleteSuccess: (state) => {
      state.deleteInProgress = false;
      state.dialogOpen = false;
    },
    deleteError: (state) => {
      state.deleteInProgress = false;
    },
  },
  selectors: {
    selectDeleteProfile: (state) => state,
  },
});

declare module '../../../lib/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof deleteProfileSlice> {}
}

export const injectedDeleteSlice = deleteProfileSlice.injectInto(rootReducer);
export const { showDeleteDialog, hideDeleteDialog, deleteStart, deleteSuccess, deleteError } =
  deleteProfileSlice.actions;
export const { selectDeleteProfile } = injectedDeleteSlice.selectors;
