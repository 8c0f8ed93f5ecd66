import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSET_UPLOAD_MAX_BYTES, ASSET_UPLOAD_MAX_PIXELS } from '@arcadia/contracts';
import { Button, FieldError, TextField } from '../../../../components/ui';
import { useUploadCatalogueIconMutation } from '../api/upload-icon';
import { toFailure, type ApiFailure } from '../../../../lib/api/failure';
import { failureKey } from '../../shell/failure-message';
import { IconPreview } from './IconPreview';

/** What the upload's refusals mean here. */
const UPLOAD_REFUSALS = {
  image_too_many_pixels: 'admin-catalogue.icon.tooManyPixels',
  400: 'admin-catalogue.icon.notImage',
  413: 'admin-catalogue.icon.tooLarge',
  415: 'admin-catalogue.icon.notImage',
};

export interface IconFieldProps {
  value: string;
  onChange: (path: string) => void;
  error?: string;
  /** The field's label and hint (default: the catalogue's icon texts; the arcades' logo has its own). */
  label?: string;
  hint?: string;
  /** The remove button and the preview's name (default: the catalogue's, about an icon). */
  removeLabel?: string;
  previewLabel?: string;
}

/**
 * An icon: a site path typed in, or an image uploaded through POST /api/admin/assets
 * whose answered URL becomes the path.
 */
export function IconField({
  value,
  onChange,
  error,
  label,
  hint,
  removeLabel,
  previewLabel,
}: IconFieldProps) {
  const { t } = useTranslation();
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [upload, { isLoading }] = useUploadCatalogueIconMutation();
  const [uploadError, setUploadError] = useState<string | null>(null);

  async function choose(file: File | undefined) {
    if (!file) return;
    setUploadError(null);
    if (!file.type.startsWith('image/')) return setUploadError(t('admin-catalogue.icon.notImage'));
    if (file.size > ASSET_UPLOAD_MAX_BYTES)
      return setUploadError(
        t('admin-catalogue.icon.tooLarge', { mb: ASSET_UPLOAD_MAX_BYTES / 1024 / 1024 }),
      );
    try {
      const asset = await upload(file).unwrap();
      onChange(asset.url);
    } catch (failure) {
      // A 400 or 415: the body was no image (or one of too many pixels); a 413: too large; anything else says what went
      // wrong in the console's words.
      setUploadError(
        t(failureKey(toFailure(failure as ApiFailure), UPLOAD_REFUSALS), {
          mb: ASSET_UPLOAD_MAX_BYTES / 1024 / 1024,
          max: ASSET_UPLOAD_MAX_PIXELS / 1e6,
        }),
      );
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="flex items-start gap-3">
      <IconPreview path={value || null} label={previewLabel ?? t('admin-catalogue.icon.preview')} />
      <div className="min-w-0 flex-1 space-y-2">
        <TextField
          label={label ?? t('admin-catalogue.icon.label')}
          hint={hint ?? t('admin-catalogue.icon.hint')}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          error={error}
          inputMode="url"
        />
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={input}
            id={fileId}
            type="file"
            accept="image/*"
            // Opened by the button below (keyboard and pointer alike); named for screen readers.
            aria-label={t('admin-catalogue.icon.upload')}
            tabIndex={-1}
            className="sr-only"
            aria-describedby={uploadError ? `${fileId}-error` : undefined}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <Button
            type="button"
            variant="secondary"
            size="sm"
            busy={isLoading}
            onClick={() => input.current?.click()}
          >
            {isLoading ? t('admin-catalogue.icon.uploading') : t('admin-catalogue.icon.upload')}
          </Button>
          {value && (
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange('')}>
              {removeLabel ?? t('admin-catalogue.icon.remove')}
            </Button>
          )}
        </div>
        <FieldError id={`${fileId}-error`}>{uploadError}</FieldError>
      </div>
    </div>
  );
}
