// Hands a file made in the page to the browser as a download (the calendar entry, the QR image, a statement's CSV).
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has had time to start the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
