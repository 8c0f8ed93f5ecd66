import type { AdminNewsSummary } from '@arcadia/contracts';

/** What the list and the editor show: a published article whose date is to come is scheduled. */
export type ShownStatus = 'draft' | 'published' | 'scheduled' | 'unpublished';

export function shownStatus(article: Pick<AdminNewsSummary, 'status' | 'live'>): ShownStatus {
  if (article.status === 'published' && !article.live) return 'scheduled';
  return article.status;
}

export const statusClasses: Record<ShownStatus, string> = {
  draft: 'border-line text-ink-muted',
  published: 'border-neon-cyan/60 text-neon-cyan-soft',
  scheduled: 'border-neon-pink/60 text-neon-pink-soft',
  unpublished: 'border-danger/60 text-danger',
};
