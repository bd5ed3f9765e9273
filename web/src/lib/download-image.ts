import { throwIfResNotOk } from '@/lib/api-request';

function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      /* fall through to the plain name */
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

export interface DownloadOptions {
  /** The "Virtually staged" label in this language (Pro and Business; decision 026). */
  label?: 'de' | 'en';
  /** With `label`: also the project's share link as text and QR code, when it has one. */
  share?: boolean;
}

/** GET /api/objects/download?path=… → blob, saved under the server's file name. */
export async function downloadImage(path: string, fallbackName = 'raumwerk-image.jpg', options: DownloadOptions = {}): Promise<void> {
  const query = new URLSearchParams({ path });
  if (options.label) query.set('label', options.label);
  if (options.label && options.share) query.set('share', '1');
  await saveDownload(`/api/objects/download?${query}`, fallbackName);
}

/** Any download URL → blob, saved under the server's file name (Content-Disposition) or the fallback. */
export async function saveDownload(source: string, fallbackName: string): Promise<void> {
  const response = await fetch(source, { credentials: 'include' });
  await throwIfResNotOk(response);
  const blob = await response.blob();
  const name = fileNameFrom(response.headers.get('content-disposition')) ?? fallbackName;
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
