import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { auditNameKey, type AuditEntry } from '@arcadia/contracts';
import { Card, CardBody } from '../../../components/ui';
import { AuditChange } from './AuditChange';
import type { AuditWording } from './use-audit-wording';

/** Marks a part of a sentence, so names become elements and never pass through the markup. */
const mark = (part: string) => `\uE000${part}\uE000`;
const MARKED = /\uE000(\w+)\uE000/;

const linkClasses =
  'font-semibold text-neon-cyan-soft underline-offset-2 hover:underline focus-visible:underline';

/**
 * One entry of the log as a sentence ("Kim hat die Rolle von Alan geändert."), when it was
 * (on the venue's clock) and where, and what it changed, field by field.
 */
export function AuditEntryCard({
  entry,
  wording,
  onActor,
  onTarget,
}: {
  entry: AuditEntry;
  /** The page's words (use-audit-wording.ts), made once for all its entries. */
  wording: AuditWording;
  /** Filters by the operator (their id and the name shown). */
  onActor: (actor: string, name: string) => void;
  /** Filters by the target (its type, id and the name shown). */
  onTarget: (targetType: string, targetId: string, name: string) => void;
}) {
  const { t } = useTranslation();
  const sentence = wording.sentence(entry);
  const actor = wording.actor(entry);
  const arcade = entry.arcadeId ? wording.subject(entry, 'arcade', entry.arcadeId).text : null;
  const actorUserId = entry.actorUserId;
  // Only what the listing names (it answers a name, or that it is gone) is offered as a filter:
  // a visit's or a signing key's id, or a kind the console does not know, would read
  // "zu unbekannt" or as a raw id. Entries about a deleted player all say `deleted`: their
  // history is no one's.
  const aboutSomething =
    entry.targetId !== 'deleted' &&
    Object.hasOwn(entry.names, auditNameKey(entry.targetType, entry.targetId));

  const parts: Record<string, ReactNode> = {
    actor: <span className="font-semibold">{actor}</span>,
    target: <span className="font-semibold">{sentence.target}</span>,
    player: <span className="font-semibold">{sentence.player}</span>,
  };
  const text = t(sentence.key, {
    context: sentence.context,
    actor: mark('actor'),
    target: mark('target'),
    player: mark('player'),
    label: sentence.label,
    type: sentence.type,
  });

  return (
    <Card>
      <CardBody className="flex flex-col gap-2">
        <h3 className="wrap-anywhere text-ink">
          {text.split(MARKED).map((piece, index) => (
            // Odd pieces are the names of the marked parts.
            <Fragment key={index}>{index % 2 === 1 ? (parts[piece] ?? piece) : piece}</Fragment>
          ))}
        </h3>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-ink-muted">
          <time dateTime={entry.at}>{wording.format.dateTime(entry.at)}</time>
          {arcade && <span>{t('admin-audit.inArcade', { arcade })}</span>}
        </p>
        <AuditChange entry={entry} wording={wording} />
        {(actorUserId || aboutSomething) && (
          <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-ink-muted">
            <span>{t('admin-audit.filterLabel')}</span>
            {actorUserId && (
              <button
                type="button"
                className={linkClasses}
                aria-label={t('admin-audit.filterActor', { name: actor })}
                onClick={() => onActor(actorUserId, actor)}
              >
                {t('admin-audit.filterBy', { name: actor })}
              </button>
            )}
            {aboutSomething && (
              <button
                type="button"
                className={linkClasses}
                aria-label={t('admin-audit.filterTarget', { name: sentence.target })}
                onClick={() => onTarget(entry.targetType, entry.targetId, sentence.target)}
              >
                {t('admin-audit.filterAbout', { name: sentence.target })}
              </button>
            )}
          </p>
        )}
      </CardBody>
    </Card>
  );
}
