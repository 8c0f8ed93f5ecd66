import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, auditQuerySchema } from '@arcadia/contracts';
import {
  Button,
  Card,
  CardBody,
  EmptyState,
  ErrorState,
  SelectField,
  Spinner,
  TextField,
} from '../../../components/ui';
import { useConsole } from '../shell/console-context';
import { fieldErrors, type FieldErrors } from '../shell/form-errors';
import { fromVenueInput } from '../shell/venue-input';
import { useGetAuditQuery, type AuditFilters } from './api/get-audit';
import { AuditEntryCard } from './AuditEntryCard';
import { AuditFilterStatus } from './AuditFilterStatus';
import { useAuditWording } from './use-audit-wording';

const emptyForm = {
  action: '',
  targetType: '',
  targetId: '',
  actor: '',
  arcade: '',
  from: '',
  to: '',
};
type Form = typeof emptyForm;

/**
 * A `datetime-local` value as an ISO instant: the venue's wall clock (Berlin), as the entries
 * show their times, wherever the browser is set; '' stays '', an unreadable value is left for
 * the query's schema to refuse.
 */
function instant(wall: string): string {
  const moment = fromVenueInput(wall);
  return moment === null ? '' : moment === 'invalid' ? wall : moment;
}

/** /admin/audit: who changed what, newest first, filtered as GET /api/admin/audit allows. */
export function Component() {
  const { t } = useTranslation();
  const { arcades } = useConsole();
  const zoneHint = useId();
  const [form, setForm] = useState<Form>(emptyForm);
  const [filters, setFilters] = useState<AuditFilters>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  // The names of the filters last set from an entry, and how often one was (to move the focus).
  const [named, setNamed] = useState<Named>({});
  const [fromEntry, setFromEntry] = useState(0);
  const set = (change: Partial<Form>) => setForm((f) => ({ ...f, ...change }));
  const by = named.actor && filters.actor === named.actor.id ? named.actor.name : undefined;
  const about =
    named.target && filters.targetType === named.target.type && filters.targetId === named.target.id
      ? named.target.name
      : undefined;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const wanted = Object.fromEntries(
      Object.entries({ ...form, from: instant(form.from), to: instant(form.to) })
        .map(([key, value]) => [key, value.trim()])
        .filter(([, value]) => value !== ''),
    ) as Record<string, string>;
    const checked = auditQuerySchema.safeParse(wanted);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    setErrors({});
    const { limit: _limit, ...next } = checked.data;
    setFilters(next);
  };
  const error = (field: keyof Form) =>
    errors[field] === undefined ? undefined : t(`admin-audit.invalid.${field}`);

  return (
    <section aria-labelledby="audit-title" className="flex flex-col gap-4">
      <h2 id="audit-title" className="font-display text-2xl font-bold text-ink">
        {t('admin-audit.title')}
      </h2>
      <Card>
        <CardBody>
          <form
            noValidate
            onSubmit={apply}
            aria-label={t('admin-audit.filters')}
            className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
          >
            <TextField
              label={t('admin-audit.action')}
              list="audit-actions"
              value={form.action}
              error={error('action')}
              onChange={(e) => set({ action: e.target.value })}
            />
            {/* The actions the server writes (docs/operator-console.md); the filter takes others too. */}
            <datalist id="audit-actions">
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {t(`admin-audit.actions.${action}`)}
                </option>
              ))}
            </datalist>
            <SelectField
              label={t('admin-audit.targetType')}
              value={form.targetType}
              onChange={(e) => set({ targetType: e.target.value })}
              options={[
                { value: '', label: t('admin-audit.any') },
                ...AUDIT_TARGET_TYPES.map((type) => ({
                  value: type,
                  label: t(`admin-audit.types.${type}`),
                })),
              ]}
            />
            <TextField
              label={t('admin-audit.targetId')}
              value={form.targetId}
              error={error('targetId')}
              onChange={(e) => set({ targetId: e.target.value })}
            />
            <TextField
              label={t('admin-audit.actor')}
              hint={t('admin-audit.actorHint')}
              value={form.actor}
              error={error('actor')}
              onChange={(e) => set({ actor: e.target.value })}
            />
            <SelectField
              label={t('admin-audit.arcade')}
              value={form.arcade}
              onChange={(e) => set({ arcade: e.target.value })}
              options={[
                { value: '', label: t('admin-audit.any') },
                ...arcades.map((arcade) => ({ value: arcade.id, label: arcade.name })),
              ]}
            />
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:col-span-2 xl:col-span-1 xl:grid-cols-1">
              <TextField
                type="datetime-local"
                label={t('admin-audit.from')}
                value={form.from}
                error={error('from')}
                aria-describedby={zoneHint}
                onChange={(e) => set({ from: e.target.value })}
              />
              <TextField
                type="datetime-local"
                label={t('admin-audit.to')}
                value={form.to}
                error={error('to')}
                aria-describedby={zoneHint}
                onChange={(e) => set({ to: e.target.value })}
              />
              {/* One hint for both fields, as the news editor's publish date says it. */}
              <p id={zoneHint} className="text-sm text-ink-muted sm:col-span-2 xl:col-span-1">
                {t('admin.venueTime')}
              </p>
            </div>
            <div className="flex flex-wrap gap-3 md:col-span-2 xl:col-span-3">
              <Button type="submit">{t('admin-audit.apply')}</Button>
              <Button
                variant="ghost"
                onClick={() => {
                  setForm(emptyForm);
                  setErrors({});
                  setFilters({});
                }}
              >
                {t('admin-audit.reset')}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
      <AuditFilterStatus by={by} about={about} focusKey={fromEntry} />
      <AuditPages
        key={JSON.stringify(filters)}
        filters={filters}
        onActor={(actor, name) => {
          set({ actor });
          setFilters((f) => ({ ...f, actor }));
          setNamed((n) => ({ ...n, actor: { id: actor, name } }));
          setFromEntry((n) => n + 1);
        }}
        onTarget={(targetType, targetId, name) => {
          set({ targetType, targetId });
          setFilters((f) => ({ ...f, targetType, targetId }));
          setNamed((n) => ({ ...n, target: { type: targetType, id: targetId, name } }));
          setFromEntry((n) => n + 1);
        }}
      />
    </section>
  );
}

/** A filter set from an entry, with the name the entry gave it. */
interface Named {
  actor?: { id: string; name: string };
  target?: { type: string; id: string; name: string };
}

interface EntryActions {
  onActor: (actor: string, name: string) => void;
  onTarget: (targetType: string, targetId: string, name: string) => void;
}

function AuditPages({ filters, ...actions }: EntryActions & { filters: AuditFilters }) {
  const [cursors, setCursors] = useState<Array<number | undefined>>([undefined]);
  return (
    <ol className="flex flex-col gap-3">
      {cursors.map((before, index) => (
        <AuditPage
          key={before ?? 'first'}
          filters={{ ...filters, before }}
          first={index === 0}
          last={index === cursors.length - 1}
          onMore={(next) => setCursors((list) => [...list, next])}
          {...actions}
        />
      ))}
    </ol>
  );
}

function AuditPage({
  filters,
  first,
  last,
  onMore,
  ...actions
}: EntryActions & {
  filters: AuditFilters;
  first: boolean;
  last: boolean;
  onMore: (next: number) => void;
}) {
  const { t } = useTranslation();
  const wording = useAuditWording();
  const page = useGetAuditQuery(filters);
  if (page.isLoading)
    return (
      <li>
        <Spinner size="lg" className="w-full py-10" label={t('admin-audit.loading')} />
      </li>
    );
  if (page.isError)
    return (
      <li>
        <ErrorState message={t('admin-audit.loadFailed')} onRetry={() => void page.refetch()} />
      </li>
    );
  const entries = page.data?.entries ?? [];
  const next = page.data?.next;
  if (first && entries.length === 0)
    return (
      <li>
        <EmptyState title={t('admin-audit.empty')} />
      </li>
    );
  return (
    <>
      {entries.map((entry) => (
        <li key={entry.id}>
          <AuditEntryCard entry={entry} wording={wording} {...actions} />
        </li>
      ))}
      {last && next && (
        <li className="self-center">
          <Button variant="secondary" onClick={() => onMore(next)}>
            {t('admin-audit.more')}
          </Button>
        </li>
      )}
    </>
  );
}
