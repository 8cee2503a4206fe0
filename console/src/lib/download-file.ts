import { refreshAccessToken } from './api-client.js';
import { getAccessToken } from './session-tokens.js';

async function fetchWithSession(url: string, retry: boolean): Promise<Response> {
  const token = getAccessToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (response.status === 401 && retry && (await refreshAccessToken()).token) return fetchWithSession(url, false);
  return response;
}

/**
 * Downloads a file the API builds (a CSV export) under the name its Content-Disposition gives,
 * else `fallbackName`. Throws "HTTP error! status: N" (spec §8) when the answer is not OK.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await fetchWithSession(url, true);
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; revoking later keeps slow browsers safe.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
