import i18next from 'i18next';
import type { AppThunk } from '../../../lib/store/store';
import { toast } from '../../../components/ui/toast-store';
import { toFailure } from '../../../lib/api/failure';
import { changeLanguage } from '../../../lib/i18n';
import type { LanguageId } from '../../../lib/i18n/languages';
import { logout, selectOwnProfile } from '../../auth';
import { deleteProfileApi } from '../api/delete-profile';
import { updateProfileApi } from '../api/update-language';
import { deleteError, deleteStart, deleteSuccess } from './delete-slice';
import { languageLoadBegin, languageLoadError, languageLoadSuccess } from './language-slice';

/**
 * Switches the interface language: begin, load `/assets/i18n/{lang}.json`, success (kept under
 * the 'language' storage key) or error (the language stays). A registered player's profile
 * learns it too, so notifications come in that language.
 */
export const switchLanguage =
  (
    language: LanguageId,
    load: (lang: LanguageId) => Promise<void> = changeLanguage,
  ): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    dispatch(languageLoadBegin(language));
    try {
      await load(language);
      dispatch(languageLoadSuccess(language));
    } catch (error) {
      dispatch(languageLoadError(error instanceof Error ? error.message : String(error)));
      return;
    }
    const profile = selectOwnProfile(getState());
    if (profile && profile.language !== language)
      void dispatch(updateProfileApi.endpoints.updateOwnProfile.initiate({ language }));
  };

/**
 * Deletes the own profile (spec §4): start (in progress), then success (toast 'Success', logout,
 * dialog closed) or error (the toast asking to get in touch).
 */
export const deleteOwnProfile =
  (id: string): AppThunk<Promise<boolean>> =>
  async (dispatch) => {
    dispatch(deleteStart());
    const result = await dispatch(deleteProfileApi.endpoints.deleteProfile.initiate(id));
    if ('error' in result) {
      dispatch(deleteError());
      const { code } = toFailure(result.error);
      toast({
        variant: 'error',
        title: i18next.t(
          code === 'last_admin'
            ? 'settings.deleteLastAdmin'
            : code === 'already_in_match'
              ? 'settings.deleteInMatch'
              : 'settings.deleteFailed',
        ),
      });
      return false;
    }
    dispatch(deleteSuccess());
    // The sign-out leaves for the provider's page: the toast is shown again when the app is back.
    // The title is the spec's word (§9); the line under it says what happened.
    toast({
      variant: 'success',
      title: i18next.t('settings.deleteSucceeded'),
      description: i18next.t('settings.deleteSucceededText'),
      persist: true,
    });
    // The deletion ended the account's tokens at the API: nothing to sign out there.
    dispatch(logout({ tokenEnded: true }));
    return true;
  };
