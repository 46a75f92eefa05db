/**
 * Saves a file the API answered (an export, a label, a template) as a download named `fileName`.
 * The API needs the bearer token, so the screens fetch the file and hand over the Blob instead of
 * linking to it. The object URL is revoked a while later: some browsers still read it after
 * `click()` returns.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
