import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../auth';
import { PushSettings } from '../push';
import { DeleteProfile } from './components/DeleteProfile';
import { DataExport } from './components/DownloadData';
import { EmailVerification } from './components/EmailVerification';
import { LanguageSettings } from './components/LanguageSettings';
import { MarketingSettings } from './components/MarketingSettings';
import { VisibilitySettings } from './components/VisibilitySettings';

/**
 * /settings: language select, notifications, and (signed in and registered) the e-mail
 * confirmation, visibility, marketing mails, the data download and delete profile.
 */
export function Component() {
  const { t } = useTranslation();
  const { profile, isRegistered } = useCurrentUser();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <h1 className="neon-text font-display text-4xl font-extrabold tracking-wide text-ink uppercase">
        {t('settings.title')}
      </h1>
      <LanguageSettings />
      <PushSettings />
      {isRegistered && profile && <EmailVerification />}
      {isRegistered && profile && <VisibilitySettings profile={profile} />}
      {isRegistered && profile && <MarketingSettings profile={profile} />}
      {isRegistered && profile && <DataExport />}
      {isRegistered && profile && <DeleteProfile profileId={profile.id} />}
    </div>
  );
}
