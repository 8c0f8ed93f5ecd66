import { useId, useRef } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ASSET_UPLOAD_MAX_BYTES, ASSET_UPLOAD_MAX_PIXELS } from '@arcadia/contracts';
import { Button, FieldError, toast } from '../../../components/ui';
import { toFailure } from '../../../lib/api/failure';
import { failureKey } from '../shell/failure-message';
import { useUploadAssetMutation } from './api/upload-asset';

/** What the upload's refusals mean here: no image the server can read, too large, too many pixels. */
const UPLOAD_REFUSALS = {
  image_too_many_pixels: 'admin-news.uploadTooManyPixels',
  400: 'admin-news.uploadNotImage',
  413: 'admin-news.uploadTooLarge',
  415: 'admin-news.uploadNotImage',
};

export interface HeaderImage {
  id: string;
  url: string;
}

/**
 * The header image: uploaded at once (POST /api/admin/assets), the article keeps the asset's id.
 * Shown as players get it (the spec's image parameters).
 */
export function HeaderImageField({
  value,
  onChange,
  error,
}: {
  value: HeaderImage | null;
  onChange: (image: HeaderImage | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [upload, uploading] = useUploadAssetMutation();

  const onFile = async (file: File | undefined) => {
    if (!file || uploading.isLoading) return;
    const result = await upload(file);
    if (input.current) input.current.value = '';
    if ('error' in result) {
      const failure = toFailure(result.error);
      toast({
        variant: 'error',
        title: t('admin-news.uploadFailed'),
        description: t(failureKey(failure, UPLOAD_REFUSALS), {
          mb: ASSET_UPLOAD_MAX_BYTES / 1024 / 1024,
          max: ASSET_UPLOAD_MAX_PIXELS / 1e6,
        }),
      });
      return;
    }
    onChange({ id: result.data.id, url: result.data.url });
  };

  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={`${id}-hint ${id}-error`}
      // Marked when the image is refused, so a refused save can move the focus here
      // (focusFirstInvalid).
      data-invalid={error ? true : undefined}
      tabIndex={error ? -1 : undefined}
    >
      <legend className="mb-1.5 font-semibold text-ink">{t('admin-news.fields.header')}</legend>
      <div className="flex flex-wrap items-center gap-4">
        {value ? (
          <img
            src={`${value.url}?fm=jpg&fl=progressive&q=50&w=1000`}
            alt={t('admin-news.headerAlt')}
            className="aspect-[16/9] w-full max-w-xs rounded-xl border border-line object-cover"
          />
        ) : (
          <p className="text-ink-muted">{t('admin-news.noHeader')}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={id}
            className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-xl border border-neon-cyan/60 px-4 font-semibold text-neon-cyan-soft focus-within:ring-2 focus-within:ring-neon-cyan hover:bg-neon-cyan/10"
          >
            <ImagePlus aria-hidden="true" size={18} />
            {uploading.isLoading ? t('admin-news.uploading') : t('admin-news.upload')}
            <input
              id={id}
              ref={input}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              // Uploading: aria-disabled, not disabled, which drops the focus to the page; the
              // file dialog does not open meanwhile, and no other file is taken.
              aria-disabled={uploading.isLoading || undefined}
              onClick={(event) => {
                if (uploading.isLoading) event.preventDefault();
              }}
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
          </label>
          {value && (
            <Button variant="ghost" onClick={() => onChange(null)}>
              <Trash2 aria-hidden="true" size={18} />
              {t('admin-news.removeHeader')}
            </Button>
          )}
        </div>
      </div>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        {t('admin-news.hints.header')}
      </p>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
