/** A file the page hands to the browser to save (an export's CSV). */

/** Saves `blob` as `fileName` through a link the page clicks. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the download may not have read the blob yet.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
