import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Popover } from 'radix-ui';
import { Bell, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { focusRing } from '../../../components/ui/focus';
import { useBackCloses } from '../../../lib/back-closes';
import { cn } from '../../../lib/class-names';
import { formatMediumDateTime } from '../../../lib/i18n/medium-date';
import { venueWallClock } from '../../../lib/i18n/venue-time';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { getNotificationsApi } from '../api/get-notifications';
import { markNotificationsReadApi } from '../api/mark-notifications-read';
import { notificationsRead, selectUnread } from '../state/live-slice';

const { useGetNotificationsQuery } = getNotificationsApi;
const { useMarkNotificationsReadMutation } = markNotificationsReadApi;

/** The list inside the popover: loaded when it opens; opening it marks everything read. */
function NotificationList({ onNavigate }: { onNavigate: () => void }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const { data, isLoading, isError } = useGetNotificationsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [markRead] = useMarkNotificationsReadMutation();
  const newest = data?.items[0]?.id;
  const hasUnread = (data?.unread ?? 0) > 0;
  useEffect(() => {
    if (newest === undefined || !hasUnread) return;
    dispatch(notificationsRead());
    void markRead({ upTo: newest });
  }, [dispatch, markRead, newest, hasUnread]);

  if (isLoading) return <Spinner size="sm" label={t('live.loading')} />;
  if (isError || !data) return <p className="text-ink-muted">{t('live.failed')}</p>;
  if (data.items.length === 0) return <p className="text-ink-muted">{t('live.empty')}</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label={t('live.listTitle')}>
      {data.items.map((item) => {
        const message = item.message[lang];
        return (
          <li key={item.id}>
            <Link
              to={message.url}
              // It takes the open panel's history entry (Back from it returns to the page before).
              replace
              onClick={onNavigate}
              className={cn(
                'block rounded-xl border border-line/60 bg-night-900/70 px-3 py-2 text-ink no-underline hover:border-neon-cyan/60',
                focusRing,
              )}
            >
              <span className="flex items-center gap-2 font-semibold">
                {item.unread && (
                  <span className="rounded bg-neon-pink px-1.5 text-xs font-bold text-night-950">
                    {t('live.new')}
                  </span>
                )}
                {message.title}
              </span>
              <span className="block text-sm text-ink-muted">{message.body}</span>
              <time dateTime={item.createdAt} className="block text-xs text-ink-muted">
                {/* The venue's clock and the medium date, as the game cards tell a game's time. */}
                {formatMediumDateTime(venueWallClock(new Date(item.createdAt)), lang, true)}
              </time>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The bell in the header: the unread count, and the list of what push shows (for players
 * without push too) in a popover — Escape or the close button closes it and the focus returns
 * to the bell.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useAppSelector(selectUnread) ?? 0;
  const [open, setOpen] = useState(false);
  useBackCloses(open, () => setOpen(false));
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={unread > 0 ? t('live.bellUnread', { count: unread }) : t('live.bell')}
        className={cn(buttonClasses('ghost', 'icon'), 'relative')}
      >
        <Bell aria-hidden="true" size={22} />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="bell-count"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-neon-pink px-1 text-center text-xs leading-5 font-bold text-night-950"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          // On a phone the panel is the screen's width less 12 px a side: kept off both edges.
          collisionPadding={12}
          aria-label={t('live.listTitle')}
          className="z-50 max-h-[70vh] w-[min(24rem,calc(100vw-1.5rem))] overflow-y-auto rounded-2xl border border-neon-cyan/50 bg-night-800 p-4 text-ink shadow-neon-cyan"
        >
          <div className="mb-3 flex items-center justify-between gap-2">
            <h2 className="font-display text-lg font-bold">{t('live.listTitle')}</h2>
            <Popover.Close aria-label={t('live.close')} className={buttonClasses('ghost', 'icon')}>
              <X aria-hidden="true" size={20} />
            </Popover.Close>
          </div>
          <NotificationList onNavigate={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
