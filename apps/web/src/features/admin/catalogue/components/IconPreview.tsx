import { ImageOff } from 'lucide-react';

/** Uploaded images are served through the image transform: a small one for the list. */
function previewUrl(path: string): string {
  return path.startsWith('/api/assets/') ? `${path}?w=96` : path;
}

/** An icon of the catalogue, or a placeholder; decorative unless a label is given. */
export function IconPreview({ path, label }: { path: string | null; label?: string }) {
  if (!path)
    return (
      <span
        className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg border border-dashed border-line text-ink-muted"
        aria-hidden="true"
      >
        <ImageOff size={18} />
      </span>
    );
  return (
    <img
      src={previewUrl(path)}
      alt={label ?? ''}
      width={48}
      height={48}
      loading="lazy"
      className="h-12 w-12 shrink-0 rounded-lg border border-line bg-night-950/70 object-contain"
    />
  );
}
