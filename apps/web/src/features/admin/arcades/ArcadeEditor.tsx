import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  arcadeCreateSchema,
  arcadeUpdateSchema,
  type AdminArcade,
  type OpeningPeriod,
} from '@arcadia/contracts';
import { Button, Card, CardBody, EmptyState, TextField, toast } from '../../../components/ui';
import { toFailure } from '../../../lib/api/failure';
import { useConsole } from '../shell/console-context';
import { UnsavedChangesGuard } from '../shell/UnsavedChangesGuard';
import { failureMessage } from '../shell/failure-message';
import { focusFirstInvalid } from '../shell/form-errors';
import { useCreateArcadeMutation } from './api/create-arcade';
import { useUpdateArcadeMutation } from './api/update-arcade';
import { IconField } from '../catalogue/components/IconField';
import { OpeningHoursField } from './OpeningHoursField';
import { arcadeFormErrors, FORM, ID_TAKEN, type ArcadeFormErrors } from './arcade-form-errors';

interface Values {
  id: string;
  name: string;
  city: string;
  address: string;
  logoPath: string;
  openingHours: OpeningPeriod[];
}

const blank: Values = { id: '', name: '', city: '', address: '', logoPath: '', openingHours: [] };

function valuesOf(arcade: AdminArcade): Values {
  return { ...arcade, logoPath: arcade.logoPath ?? '' };
}

/** What changed against the stored arcade (the PATCH sends only that). */
function changesOf(values: Values, arcade: AdminArcade) {
  const next = { ...values, logoPath: values.logoPath.trim() || null };
  const changes: Record<string, unknown> = {};
  for (const key of ['name', 'city', 'address', 'logoPath', 'openingHours'] as const)
    if (JSON.stringify(next[key]) !== JSON.stringify(arcade[key])) changes[key] = next[key];
  return changes;
}

/** `arcades/new` (admins) and `arcades/:arcadeId/edit`: one form for both. */
export function ArcadeEditor() {
  const { arcadeId } = useParams();
  const { operator, arcades } = useConsole();
  const { t } = useTranslation();
  const existing = arcadeId ? arcades.find((a) => a.id === arcadeId) : undefined;
  if (arcadeId && !existing) return <EmptyState title={t('admin-arcades.notFound')} />;
  if (!arcadeId && operator.role !== 'admin')
    return <EmptyState title={t('admin.noAccess.section')} />;
  return <ArcadeForm key={arcadeId ?? 'new'} arcade={existing} />;
}

function ArcadeForm({ arcade }: { arcade?: AdminArcade }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { href } = useConsole();
  const [values, setValues] = useState<Values>(arcade ? valuesOf(arcade) : blank);
  const [errors, setErrors] = useState<ArcadeFormErrors>({});
  // Bumped by each refused save: the focus then moves to the first field to fix.
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusals > 0) focusFirstInvalid(form.current);
  }, [refusals]);
  // Set once a save went through: the way back to the list is not a loss of changes then.
  const saved = useRef(false);
  const unsaved = () =>
    !saved.current &&
    (arcade
      ? Object.keys(changesOf(values, arcade)).length > 0
      : JSON.stringify(values) !== JSON.stringify(blank));
  const [create, creating] = useCreateArcadeMutation();
  const [update, updating] = useUpdateArcadeMutation();
  const busy = creating.isLoading || updating.isLoading;
  const set = (change: Partial<Values>) => {
    setValues((v) => ({ ...v, ...change }));
    // A field's error goes once it is edited (opening hours: all of theirs).
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([path]) => !(path.split('.')[0]! in change)),
      ),
    );
  };
  const error = (path: string) => {
    const key = errors[path];
    return key === undefined ? undefined : t(`admin-arcades.invalid.${key}`);
  };
  const refuse = (found: ArcadeFormErrors) => {
    setErrors(found);
    setRefusals((n) => n + 1);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { ...values, logoPath: values.logoPath.trim() || null };
    let result;
    if (arcade) {
      const changes = changesOf(values, arcade);
      if (Object.keys(changes).length === 0) {
        await navigate(href('arcades'));
        return;
      }
      const checked = arcadeUpdateSchema.safeParse(changes);
      if (!checked.success) {
        refuse(arcadeFormErrors(checked.error.issues));
        return;
      }
      result = await update({ arcadeId: arcade.id, changes: checked.data });
    } else {
      const checked = arcadeCreateSchema.safeParse(body);
      if (!checked.success) {
        refuse(arcadeFormErrors(checked.error.issues));
        return;
      }
      result = await create(checked.data);
    }
    if ('error' in result) {
      const failure = toFailure(result.error);
      // A 400 names fields (or nothing): shown at them in the console's words, never the
      // server's text; a refused create's 409 is a taken id.
      if (failure.status === 409 && !arcade) refuse(ID_TAKEN);
      else if (failure.status === 400) refuse(arcadeFormErrors(failure.details ?? []));
      else toast({ variant: 'error', title: failureMessage(failure, t) });
      return;
    }
    setErrors({});
    saved.current = true;
    toast({ variant: 'success', title: t('admin-arcades.saved', { name: result.data.name }) });
    await navigate(href('arcades'));
  };

  const fieldsInvalid = Object.keys(errors).some((path) => path !== FORM);
  return (
    <section aria-labelledby="arcade-form-title" className="flex flex-col gap-4">
      <UnsavedChangesGuard unsaved={unsaved} />
      <Link
        to={href('arcades')}
        className="inline-flex items-center gap-2 self-start text-neon-cyan-soft"
      >
        <ArrowLeft aria-hidden="true" size={18} />
        {t('admin-arcades.back')}
      </Link>
      <h2 id="arcade-form-title" className="font-display text-2xl font-bold text-ink">
        {arcade ? t('admin-arcades.editTitle', { name: arcade.name }) : t('admin-arcades.create')}
      </h2>
      <Card>
        <CardBody>
          <form
            ref={form}
            noValidate
            onSubmit={(e) => void onSubmit(e)}
            className="flex flex-col gap-4"
          >
            {fieldsInvalid && (
              <p role="alert" className="font-semibold text-danger">
                {t('admin.fieldsInvalid')}
              </p>
            )}
            {errors[FORM] && (
              <p role="alert" tabIndex={-1} data-form-error className="font-semibold text-danger">
                {error(FORM)}
              </p>
            )}
            <div className="grid gap-4 md:grid-cols-2">
              {!arcade && (
                <TextField
                  label={t('admin-arcades.fields.id')}
                  hint={t('admin-arcades.hints.id')}
                  value={values.id}
                  error={error('id')}
                  autoComplete="off"
                  onChange={(e) => set({ id: e.target.value })}
                />
              )}
              <TextField
                label={t('admin-arcades.fields.name')}
                value={values.name}
                error={error('name')}
                onChange={(e) => set({ name: e.target.value })}
              />
              <TextField
                label={t('admin-arcades.fields.city')}
                value={values.city}
                error={error('city')}
                onChange={(e) => set({ city: e.target.value })}
              />
              <TextField
                label={t('admin-arcades.fields.address')}
                value={values.address}
                error={error('address')}
                onChange={(e) => set({ address: e.target.value })}
              />
              <div className="md:col-span-2">
                <IconField
                  label={t('admin-arcades.fields.logoPath')}
                  hint={t('admin-arcades.hints.logoPath')}
                  removeLabel={t('admin-arcades.logo.remove')}
                  previewLabel={t('admin-arcades.logo.preview')}
                  value={values.logoPath}
                  error={error('logoPath')}
                  onChange={(logoPath) => set({ logoPath })}
                />
              </div>
            </div>
            <OpeningHoursField
              value={values.openingHours}
              onChange={(openingHours) => set({ openingHours })}
              error={error}
            />
            <div className="flex flex-wrap justify-end gap-3">
              <Link to={href('arcades')} className="inline-flex h-11 items-center px-4 text-ink">
                {t('admin.cancel')}
              </Link>
              <Button type="submit" busy={busy}>
                {busy ? t('admin.saving') : t('admin.save')}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </section>
  );
}
