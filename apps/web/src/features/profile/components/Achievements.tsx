import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Award,
  CalendarCheck,
  Compass,
  Crown,
  Flame,
  Gamepad2,
  Map as MapIcon,
  Medal,
  ShieldCheck,
  Star,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import type { AchievementStatus } from '@arcadia/contracts';
import { achievementById, type AchievementIcon } from '@arcadia/contracts/achievement-catalogue';
import { getAchievementsApi } from '../api/get-achievements';
import { formatNumber, langOf } from '../format';
import { formatMediumDate } from '../../../lib/i18n/medium-date';

/** The catalogue's icon names (packages/contracts achievements.ts) as lucide icons. */
const ICONS: Record<AchievementIcon, LucideIcon> = {
  'gamepad-2': Gamepad2,
  medal: Medal,
  award: Award,
  crown: Crown,
  trophy: Trophy,
  flame: Flame,
  'shield-check': ShieldCheck,
  compass: Compass,
  map: MapIcon,
  star: Star,
  'calendar-check': CalendarCheck,
};

/** How many of the newest unlocked achievements the header shows beside 'Early adopter'. */
export const HEADER_BADGES = 3;

/** Begins loading a player's achievements (the profile route's loader: with the profile's calls). */
export const prefetchAchievements = (playerId: string) =>
  getAchievementsApi.util.prefetch('getAchievements', playerId, {});

/** The newest unlocked achievements as badges beside 'Early adopter' (none while loading). */
export function AchievementBadges({ playerId }: { playerId: string }) {
  const { i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { data } = getAchievementsApi.useGetAchievementsQuery(playerId);
  if (!data) return null;
  return (
    <>
      {data.unlocked.slice(0, HEADER_BADGES).map((a) => {
        const definition = achievementById(a.id);
        if (!definition) return null;
        const BadgeIcon = ICONS[definition.icon];
        return (
          <span
            key={a.id}
            title={definition.description[lang]}
            data-testid={`achievement-badge-${a.id}`}
            className="inline-flex max-w-full items-center gap-1 rounded-full border border-neon-cyan/60 bg-neon-cyan/10 px-2.5 py-0.5 font-semibold text-neon-cyan"
          >
            <BadgeIcon aria-hidden="true" size={14} className="shrink-0" />
            <span className="truncate">{definition.name[lang]}</span>
          </span>
        );
      })}
    </>
  );
}

function Entry({ status, lang }: { status: AchievementStatus; lang: 'de' | 'en' }) {
  const { t } = useTranslation();
  const definition = achievementById(status.id);
  if (!definition) return null;
  const Icon = ICONS[definition.icon];
  const unlocked = status.unlockedAt !== null;
  const progress = status.progress;
  const nameId = `achievement-${status.id}-name`;
  return (
    <li
      className={`flex items-start gap-3 rounded-xl border p-3 ${
        unlocked ? 'border-neon-cyan/50 bg-neon-cyan/5' : 'border-line bg-night-800/40'
      }`}
      data-testid={`achievement-${status.id}`}
    >
      <Icon
        aria-hidden="true"
        size={28}
        className={`mt-0.5 shrink-0 ${unlocked ? 'text-neon-cyan' : 'text-ink-muted opacity-60'}`}
      />
      <div className="min-w-0 flex-1">
        <p id={nameId} className="font-semibold text-ink break-words">
          {definition.name[lang]}
          <span className="sr-only">
            {' – '}
            {unlocked ? t('profile.achievements.unlocked') : t('profile.achievements.locked')}
          </span>
        </p>
        <p className="text-sm text-ink-muted break-words">{definition.description[lang]}</p>
        {unlocked && (
          <p className="mt-1 text-xs text-neon-cyan">
            {t('profile.achievements.unlockedOn', {
              date: formatMediumDate(new Date(status.unlockedAt!), lang),
            })}
          </p>
        )}
        {!unlocked && progress && (
          <div className="mt-2 flex items-center gap-2">
            <progress
              // The theme's bar, not the browser's green on grey.
              className="h-2 w-full min-w-0 flex-1 appearance-none overflow-hidden rounded-full bg-night-700 [&::-moz-progress-bar]:rounded-full [&::-moz-progress-bar]:bg-neon-cyan [&::-webkit-progress-bar]:bg-night-700 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-neon-cyan"
              max={progress.target}
              value={progress.current}
              aria-labelledby={nameId}
              aria-valuetext={t('profile.achievements.progress', {
                current: formatNumber(progress.current, lang),
                target: formatNumber(progress.target, lang),
              })}
            />
            <span className="shrink-0 text-xs tabular-nums text-ink-muted" aria-hidden="true">
              {formatNumber(progress.current, lang)}/{formatNumber(progress.target, lang)}
            </span>
          </div>
        )}
      </div>
    </li>
  );
}

/** A month's season badge (season-YYYY-MM), not an entry of the fixed catalogue. */
const isSeason = (id: string) => achievementById(id)?.rule.kind === 'season';

/**
 * The achievements (docs/achievements.md): the unlocked ones, then the locked ones with their
 * progress, folded away under a summary that counts them (one line on a 320 px phone).
 */
export function AchievementsSection({ playerId }: { playerId: string }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { data, isError } = getAchievementsApi.useGetAchievementsQuery(playerId);
  const { hash } = useLocation();
  const details = useRef<HTMLDetailsElement>(null);
  // A link to #achievements (an unlock's notification) opens the list and shows it.
  useEffect(() => {
    if (hash !== '#achievements' || !details.current) return;
    details.current.open = true;
    details.current.scrollIntoView?.({ block: 'start' });
  }, [hash, data]);
  if (isError) return null;
  if (!data)
    // The folded section's place while it loads (same box, one line): the tabs below a phone's
    // header do not move when it arrives.
    return (
      <div
        aria-hidden="true"
        data-testid="achievements-space"
        className="rounded-2xl border border-line bg-night-800/50 p-4 font-display font-bold"
      >
        <span className="invisible">{t('profile.achievements.title')}</span>
      </div>
    );
  const unlocked = data.unlocked.filter((a) => achievementById(a.id));
  // The count is of the catalogue, the same for every player ("3 von 10"); the season badges (one
  // more each month played) are counted beside it, or a regular's total would grow each month.
  const catalogue = (list: AchievementStatus[]) => list.filter((a) => !isSeason(a.id)).length;
  const seasons = unlocked.length - catalogue(unlocked);
  const total = catalogue(unlocked) + catalogue(data.locked);
  return (
    <section id="achievements" aria-labelledby="achievements-title" className="min-w-0">
      <details ref={details} className="rounded-2xl border border-line bg-night-800/50 p-4">
        <summary className="cursor-pointer font-display font-bold text-ink">
          <h2 id="achievements-title" className="inline">
            {t('profile.achievements.title')}
          </h2>{' '}
          <span className="text-sm font-normal text-ink-muted">
            {t('profile.achievements.count', { unlocked: catalogue(unlocked), total })}
            {seasons > 0 && ` · ${t('profile.achievements.seasons', { count: seasons })}`}
          </span>
        </summary>
        {unlocked.length > 0 && (
          <>
            <h3 className="mt-4 text-sm font-semibold text-ink-muted">
              {t('profile.achievements.unlockedTitle')}
            </h3>
            <ul className="mt-2 grid gap-2">
              {unlocked.map((a) => (
                <Entry key={a.id} status={a} lang={lang} />
              ))}
            </ul>
          </>
        )}
        {data.locked.length > 0 && (
          <>
            <h3 className="mt-4 text-sm font-semibold text-ink-muted">
              {t('profile.achievements.lockedTitle')}
            </h3>
            <ul className="mt-2 grid gap-2">
              {data.locked.map((a) => (
                <Entry key={a.id} status={a} lang={lang} />
              ))}
            </ul>
          </>
        )}
      </details>
    </section>
  );
}
