import { useRef } from 'react';
import { Check, Sparkles, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@arcadia/contracts';
import { Button, buttonClasses, cn, Spinner } from '../../../components/ui';
import { RemoveFriendButton } from '../../friends';
import { AchievementBadges } from './Achievements';

export interface ProfileHeaderProps {
  profile: Profile;
  isOwn: boolean;
  /** Whether the profile is already among the signed-in player's friends (null: not known yet). */
  isFriend: boolean | null;
  adding: boolean;
  onAddFriend: () => void;
}

/**
 * The player's name, the 'Early adopter' badge with the newest achievements beside it, and 'Add
 * Friend' on others' profiles.
 */
export function ProfileHeader({
  profile,
  isOwn,
  isFriend,
  adding,
  onAddFriend,
}: ProfileHeaderProps) {
  const { t } = useTranslation();
  const initial = profile.userName.slice(0, 1).toUpperCase();
  // 'Add Friend' and 'Remove friend' replace each other: the one that appears after the other
  // was used takes the keyboard focus, which would otherwise fall back to the page.
  const focusNext = useRef<'add' | 'remove' | null>(null);
  const takeFocus = (which: 'add' | 'remove') => (button: HTMLButtonElement | null) => {
    if (button && focusNext.current === which) {
      focusNext.current = null;
      button.focus();
    }
  };
  return (
    <header className="flex flex-wrap items-center gap-4 lg:flex-col lg:items-stretch lg:rounded-2xl lg:border lg:border-line lg:bg-night-800/50 lg:p-6">
      <div
        aria-hidden="true"
        className="flex h-16 w-16 shrink-0 items-center justify-center rounded-2xl border border-neon-pink/60 bg-night-800 font-display text-3xl font-bold text-neon-pink-soft shadow-neon-pink lg:h-24 lg:w-24 lg:text-5xl"
      >
        {initial}
      </div>
      <div className="min-w-0 flex-1 lg:flex-none">
        <h1 className="truncate font-display text-3xl font-bold text-ink neon-text">
          {profile.userName}
        </h1>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
          {profile.earlyAdopter && (
            <span
              title={t('profile.earlyAdopterHint')}
              className="inline-flex items-center gap-1 rounded-full border border-neon-yellow/60 bg-neon-yellow/10 px-2.5 py-0.5 font-semibold text-neon-yellow"
            >
              <Sparkles aria-hidden="true" size={14} />
              {t('profile.earlyAdopter')}
            </span>
          )}
          <AchievementBadges playerId={profile.id} />
          {isOwn && <span className="text-ink-muted">{t('profile.ownProfile')}</span>}
          {!isOwn && isFriend === true && (
            <span className="inline-flex items-center gap-1 rounded-full border border-neon-green/50 px-2.5 py-0.5 font-semibold text-neon-green">
              <Check aria-hidden="true" size={14} />
              {t('profile.friend')}
            </span>
          )}
        </div>
      </div>
      {!isOwn && isFriend === true && (
        <RemoveFriendButton
          friendId={profile.id}
          name={profile.userName}
          buttonRef={takeFocus('remove')}
          onRemoving={() => (focusNext.current = 'add')}
          className="w-full sm:w-auto lg:w-full"
        />
      )}
      {!isOwn && isFriend === null && (
        // The button's place, kept while the friends list loads: the tabs below do not move.
        <span
          aria-hidden="true"
          data-testid="friend-button-space"
          className={cn(buttonClasses(), 'invisible w-full sm:w-auto lg:w-full')}
        >
          <UserPlus size={18} />
          {t('profile.addFriend')}
        </span>
      )}
      {!isOwn && isFriend === false && (
        <Button
          ref={takeFocus('add')}
          onClick={() => {
            focusNext.current = 'remove';
            onAddFriend();
          }}
          // Busy, not disabled, while adding: the focus stays, also when the add fails.
          busy={adding}
          className="w-full sm:w-auto lg:w-full"
        >
          {adding ? <Spinner size="sm" /> : <UserPlus aria-hidden="true" size={18} />}
          {t('profile.addFriend')}
        </Button>
      )}
    </header>
  );
}
