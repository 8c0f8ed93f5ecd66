import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { ImageUp, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FILE_SCAN_MIN_HEIGHT } from '@arcadia/contracts';
import { shortenFileName } from '../file-name';
import { assertImageFile } from '../file-scan';
import { ScannerError } from '../messages';
import type { ScannerState } from '../state-machine';
import { focusRing, primaryButton } from './styles';

interface Props {
  state: ScannerState;
  /** Scans an accepted image file; refusals are handled here. */
  onFile: (file: File) => Promise<void>;
  onRefused: (error: ScannerError) => void;
}

/** File mode: choose or drop an image; anything else is refused (the message line says why). */
export function FilePanel({ state, onFile, onRefused }: Props) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const accept = async (file: unknown) => {
    try {
      assertImageFile(file);
    } catch (error) {
      if (!(error instanceof ScannerError)) throw error;
      if (inputRef.current) inputRef.current.value = '';
      onRefused(error);
      return;
    }
    setChosen(file.name);
    setPreview(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
    await onFile(file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (state.loading) return;
    void accept(event.dataTransfer.files[0] ?? event.dataTransfer.items?.[0]?.getAsFile());
  };

  return (
    <div
      data-testid="file-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      style={{ minHeight: FILE_SCAN_MIN_HEIGHT }}
      className={`flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-4 text-center transition ${
        dragging ? 'border-neon-cyan bg-neon-cyan/10' : 'border-neon-pink/50 bg-night-950/60'
      }`}
    >
      {preview && (
        <img
          src={preview}
          alt={t('scanner.ui.preview')}
          className="max-h-64 max-w-full rounded-lg border border-line object-contain"
        />
      )}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/*"
        className="peer sr-only"
        // Scanning: aria-disabled, not disabled, which drops the focus to the page; the file
        // dialog does not open meanwhile.
        aria-disabled={state.loading || undefined}
        onClick={(event) => {
          if (state.loading) event.preventDefault();
        }}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void accept(file);
        }}
      />
      <label
        htmlFor={inputId}
        className={`${primaryButton} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-neon-cyan peer-disabled:cursor-not-allowed peer-disabled:opacity-50 peer-aria-disabled:cursor-not-allowed peer-aria-disabled:opacity-50 ${focusRing}`}
      >
        {state.loading ? (
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        ) : (
          <ImageUp aria-hidden="true" className="size-5" />
        )}
        {chosen ? t('scanner.ui.chooseAnother') : t('scanner.ui.chooseImage')}
      </label>
      <p className="text-sm text-ink" title={chosen ?? undefined}>
        {chosen
          ? t('scanner.ui.chosenImage', { name: shortenFileName(chosen) })
          : t('scanner.ui.noImageChosen')}
      </p>
      {/* A refused file is said once, in the scanner's message line; the hint stays a hint. */}
      <p className="text-sm text-ink-muted">{t('scanner.ui.dropHint')}</p>
    </div>
  );
}
