import { Check, MapPin, UserPlus, Users } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Visit } from '@arcadia/contracts';
import { Button, EmptyState, ErrorState, Spinner } from '../../../components/ui';

export interface RecentVisitsProps {
  visits: Visit[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** The id of the player being added as a friend right now. */
  addingId: string | null;
  onAddFriend: (visit: Visit) => void;
}

/** The players met recently, each linking to their profile; not yet friends can be added. */
export function RecentVisits({
  visits,
  loading,
  failed,
  onRetry,
  addingId,
  onAddFriend,
}: RecentVisitsProps) {
  const { t, i18n } = useTranslation();
  // The player whose add button was pressed, and each row's profile link: once they are a friend
  // the button gives way to the 'Freund' badge, and the focus it held goes to their name instead
  // of falling to the page.
  const added = useRef<string | null>(null);
  const links = useRef(new Map<string, HTMLAnchorElement>());
  useEffect(() => {
    const id = added.current;
    if (!id || !visits?.some((v) => v.userId === id && v.friend)) return;
    added.current = null;
    const focus = document.activeElement;
    if (!focus || focus === document.body) links.current.get(id)?.focus();
  }, [visits]);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  let body;
  if (failed && !visits)
    body = <ErrorState message={t('user-cards.visit.recentFailed')} onRetry={onRetry} />;
  else if (!visits) body = loading ? <Spinner label={t('user-cards.visit.recentLoading')} /> : null;
  else if (visits.length === 0)
    body = (
      <EmptyState
        icon={<Users size={36} />}
        title={t('user-cards.visit.noneYet')}
        description={t('user-cards.visit.noneYetHint')}
      />
    );
  else
    body = (
      <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-night-800/70">
        {visits.map((visit) => {
          const at = when.format(new Date(visit.visitedAt));
          return (
            <li key={visit.userId} className="flex items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <Link
                  ref={(link) => {
                    if (link) links.current.set(visit.userId, link);
                    else links.current.delete(visit.userId);
                  }}
                  to={`/profile/${encodeURIComponent(visit.userId)}`}
                  className="font-semibold text-neon-cyan-soft underline-offset-4 hover:underline"
                >
                  {visit.userName}
                </Link>
                <p className="flex items-center gap-1 text-sm text-ink-muted">
                  {visit.arcade && <MapPin aria-hidden="true" size={14} />}
                  {visit.arcade
                    ? t('user-cards.visit.metAt', { when: at, arcade: visit.arcade.name })
                    : at}
                </p>
              </div>
              {visit.friend ? (
                <span className="inline-flex items-center gap-1 rounded-full border border-neon-green/50 px-2.5 py-0.5 text-sm font-semibold text-neon-green">
                  <Check aria-hidden="true" size={14} />
                  {t('user-cards.visit.friend')}
                </span>
              ) : (
                // Adding: busy, not disabled, which drops the focus to the page (also when the
                // add fails and the button stays); a second press adds nothing.
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('user-cards.visit.addFriendLabel', { name: visit.userName })}
                  busy={addingId === visit.userId}
                  onClick={() => {
                    added.current = visit.userId;
                    onAddFriend(visit);
                  }}
                >
                  {addingId === visit.userId ? (
                    <Spinner size="sm" />
                  ) : (
                    <UserPlus aria-hidden="true" size={16} />
                  )}
                  {t('user-cards.visit.addFriend')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    );

  return (
    <section aria-labelledby="recent-visits" className="flex flex-col gap-3">
      <h2 id="recent-visits" className="font-display text-xl font-bold text-ink">
        {t('user-cards.visit.recentTitle')}
      </h2>
      {body}
    </section>
  );
}
