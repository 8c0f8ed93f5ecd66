import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CARD_BATCH_LABEL_MAX, CARD_BATCH_MAX, cardBatchCreateSchema } from '@arcadia/contracts';
import { Button, Card, CardBody, TextField, toast } from '../../../components/ui';
import { toFailure } from '../../../lib/api/failure';
import { useConsole } from '../shell/console-context';
import { failureMessage } from '../shell/failure-message';
import { FORM_ERROR, placeOnForm, type FieldErrors } from '../shell/form-errors';
import { useRefusalFocus } from '../shell/use-refusal-focus';
import { useCreateCardBatchMutation } from './api/create-card-batch';

const blank = { count: '10', label: '' };
const FIELDS = Object.keys(blank);

/** A new batch of unclaimed profiles; on success its page opens, ready to print. */
export function CreateBatchForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { arcadeId, href } = useConsole();
  const [values, setValues] = useState(blank);
  // Field → its message key under admin-cards.invalid (FORM_ERROR: the form's own message).
  const [errors, setErrors] = useState<FieldErrors>({});
  const { ref: form, refused } = useRefusalFocus<HTMLFormElement>();
  const [create, { isLoading }] = useCreateCardBatchMutation();
  const error = (field: string) => {
    const key = errors[field];
    return key === undefined
      ? undefined
      : t(`admin-cards.invalid.${key}`, {
          max: key === 'label' ? CARD_BATCH_LABEL_MAX : CARD_BATCH_MAX,
        });
  };
  const refuse = (found: FieldErrors) => {
    setErrors(found);
    refused();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = cardBatchCreateSchema.safeParse({
      count: values.count.trim() ? Number(values.count) : undefined,
      label: values.label,
    });
    if (!checked.success) {
      refuse(placeOnForm(checked.error.issues, FIELDS));
      return;
    }
    const result = await create({ arcadeId: arcadeId ?? '', batch: checked.data });
    if ('error' in result) {
      const failure = toFailure(result.error);
      // A 400 is said at the fields it names, or once for the form; never the server's text.
      if (failure.status === 400) refuse(placeOnForm(failure.details ?? [], FIELDS));
      else toast({ variant: 'error', title: failureMessage(failure, t) });
      return;
    }
    setValues(blank);
    setErrors({});
    toast({
      variant: 'success',
      title: t('admin-cards.created', { count: result.data.size }),
    });
    void navigate(href(`cards/${encodeURIComponent(result.data.id)}`));
  };

  const fieldsInvalid = Object.keys(errors).some((field) => field !== FORM_ERROR);
  return (
    <Card>
      <CardBody>
        <form
          ref={form}
          noValidate
          aria-labelledby="cards-create-title"
          onSubmit={(e) => void onSubmit(e)}
          className="flex flex-col gap-4"
        >
          <h3 id="cards-create-title" className="font-display text-lg font-bold text-ink">
            {t('admin-cards.create')}
          </h3>
          <p className="text-sm text-ink-muted">{t('admin-cards.createText')}</p>
          {fieldsInvalid && (
            <p role="alert" className="font-semibold text-danger">
              {t('admin.fieldsInvalid')}
            </p>
          )}
          {errors[FORM_ERROR] && (
            <p role="alert" tabIndex={-1} data-form-error className="font-semibold text-danger">
              {error(FORM_ERROR)}
            </p>
          )}
          <div className="grid gap-4 md:grid-cols-[10rem_1fr]">
            <TextField
              label={t('admin-cards.fields.count')}
              hint={t('admin-cards.hints.count', { max: CARD_BATCH_MAX })}
              inputMode="numeric"
              value={values.count}
              error={error('count')}
              onChange={(e) => setValues((v) => ({ ...v, count: e.target.value }))}
            />
            <TextField
              label={t('admin-cards.fields.label')}
              hint={t('admin-cards.hints.label', { max: CARD_BATCH_LABEL_MAX })}
              value={values.label}
              error={error('label')}
              onChange={(e) => setValues((v) => ({ ...v, label: e.target.value }))}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" busy={isLoading}>
              <Plus aria-hidden="true" size={18} />
              {isLoading ? t('admin.saving') : t('admin-cards.createSubmit')}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
