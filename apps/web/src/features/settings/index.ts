export {
  languageSlice,
  initialLanguageState,
  languageLoadBegin,
  languageLoadSuccess,
  languageLoadError,
  setLanguage,
  selectLanguage,
  type LanguageState,
} from './state/language-slice';
export {
  deleteProfileSlice,
  initialDeleteState,
  showDeleteDialog,
  hideDeleteDialog,
  deleteStart,
  deleteSuccess,
  deleteError,
  selectDeleteProfile,
  type DeleteProfileState,
} from './state/delete-slice';
export { switchLanguage, deleteOwnProfile } from './state/settings-thunks';
