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

/** GET /api/objects/download?path=… → blob, saved under the server's file name. */
export async function downloadImage(path: string, fallbackName = 'raumwerk-image.jpg'): Promise<void> {
  const response = await fetch(`/api/objects/download?path=${encodeURIComponent(path)}`, { credentials: 'include' });
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
