import { Eye } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_VISIBILITIES, type OwnProfile, type ProfileVisibility } from '@arcadia/contracts';
import { Card, CardBody, CardTitle, cn } from '../../../components/ui';
import { useUpdateOwnProfileMutation } from '../api/update-language';

/**
 * "Sichtbarkeit" (docs/privacy.md): who sees the profile and games (everyone, friends, only me)
 * as a radio group, and whether the player appears on leaderboards, as a switch. Each change is
 * saved at once (PATCH /api/v2/user/me).
 */
export function VisibilitySettings({ profile: loaded }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const id = useId();
  const [update, { data: answered, isLoading, isError, isSuccess, originalArgs }] =
    useUpdateOwnProfileMutation();
  // The change's answer is the newest state until the profile is loaded again; while it is
  // being saved, the choice shows at once (and goes back if saving fails).
  const profile = { ...(answered ?? loaded), ...(isLoading ? originalArgs : undefined) };
  // While a change is saved the controls say they are disabled (aria-disabled) and ignore input,
  // but keep the focus: a disabled control drops it to the page, and the keyboard starts again
  // at the top.
  const choose = (profileVisibility: ProfileVisibility) => {
    if (!isLoading) void update({ profileVisibility });
  };
  return (
    <Card>
      <CardBody className="flex flex-col gap-4">
        <CardTitle className="flex items-center gap-2">
          <Eye aria-hidden="true" size={22} className="text-neon-cyan" />
          {t('settings.visibilityTitle')}
        </CardTitle>
        <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-hint`}>
          <legend className="mb-1 font-semibold text-ink">{t('settings.visibilityWho')}</legend>
          {PROFILE_VISIBILITIES.map((value) => (
            <div key={value} className="flex items-start gap-3">
              <input
                type="radio"
                id={`${id}-${value}`}
                name="profileVisibility"
                value={value}
                checked={profile.profileVisibility === value}
                aria-disabled={isLoading || undefined}
                onChange={() => choose(value)}
                aria-describedby={`${id}-${value}-hint`}
                className="mt-1 h-4 w-4 shrink-0 cursor-pointer accent-neon-pink aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
              />
              <div>
                <label htmlFor={`${id}-${value}`} className="cursor-pointer text-ink">
                  {t(`settings.visibility.${value}`)}
                </label>
                <p id={`${id}-${value}-hint`} className="text-sm text-ink-muted">
                  {t(`settings.visibilityHint.${value}`)}
                </p>
              </div>
            </div>
          ))}
          <p id={`${id}-hint`} className="text-sm text-ink-muted">
            {t('settings.visibilityNote')}
          </p>
        </fieldset>
        <div className="flex items-start justify-between gap-3">
          <div>
            <label htmlFor={`${id}-boards`} className="cursor-pointer text-ink">
              {t('settings.leaderboardVisible')}
            </label>
            {/* The boards are a choice of their own: "Nur ich" alone does not take the name
                off them, so say what the switch does in either position. */}
            <p id={`${id}-boards-hint`} className="text-sm text-ink-muted">
              {t(`settings.leaderboardHint.${profile.leaderboardVisible ? 'on' : 'off'}`)}
            </p>
          </div>
          <button
            type="button"
            id={`${id}-boards`}
            role="switch"
            aria-checked={profile.leaderboardVisible}
            aria-describedby={`${id}-boards-hint`}
            aria-disabled={isLoading || undefined}
            onClick={() => {
              if (!isLoading) void update({ leaderboardVisible: !profile.leaderboardVisible });
            }}
            className={cn(
              'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border border-line transition',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neon-cyan aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
              profile.leaderboardVisible ? 'bg-neon-cyan' : 'bg-night-950/60',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'inline-block h-5 w-5 rounded-full bg-ink transition',
                profile.leaderboardVisible ? 'translate-x-6 bg-night-950' : 'translate-x-1',
              )}
            />
          </button>
        </div>
        {/* Saved at once, so say so (there on load, for screen readers to announce the change). */}
        <p
          aria-live="polite"
          data-testid="visibility-saved"
          className="min-h-5 text-sm text-ink-muted"
        >
          {isSuccess && !isLoading ? t('settings.visibilitySaved') : ''}
        </p>
        {isError && (
          <p role="alert" className="text-sm text-danger">
            {t('settings.visibilityFailed')}
          </p>
        )}
      </CardBody>
    </Card>
  );
}
