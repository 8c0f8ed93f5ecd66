import { useTranslation } from 'react-i18next';
import type { AdminPlayerSummary } from '@arcadia/contracts';

/** Role, an unclaimed card profile, and a suspension, as small labels. */
export function PlayerBadges({ player }: { player: AdminPlayerSummary }) {
  const { t } = useTranslation();
  return (
    <>
      {player.role !== 'player' && (
        <span className="rounded-full border border-neon-cyan/60 px-2 py-0.5 text-sm text-neon-cyan-soft">
          {t(`admin-players.roles.${player.role}`)}
        </span>
      )}
      {!player.claimed && (
        <span className="rounded-full border border-line px-2 py-0.5 text-sm text-ink-muted">
          {t('admin-players.card')}
        </span>
      )}
      {player.suspendedAt && (
        <span className="rounded-full border border-danger/60 px-2 py-0.5 text-sm font-semibold text-danger">
          {t('admin-players.suspended')}
        </span>
      )}
    </>
  );
}
