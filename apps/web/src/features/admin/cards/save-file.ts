/** Saves an object URL as a file (the browser's download), then lets the URL go. */
export function saveFile(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by then; the URL is not needed any more.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
