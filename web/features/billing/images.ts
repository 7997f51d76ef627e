import { isAllowedImage, ONLY_IMAGES, type PresignResponse } from '../../../domain/uploads';
import { apiFetch, apiJson } from '../../api/client';

export type ImageSize = { width: number; height: number };

async function decode(file: Blob): Promise<HTMLImageElement | null> {
  const url = URL.createObjectURL(file);
  try {
    return await new Promise((resolve) => {
      const img = new Image();
      img.onload = () => resolve(img);
      img.onerror = () => resolve(null);
      img.src = url;
    });
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/**
 * Checks an image the seller picked and makes it printable: invoices are PDFs,
 * which embed PNG and JPEG, so a WebP image is redrawn as PNG in the browser.
 */
export async function prepareImage(file: File, maxSize?: ImageSize & { message: string }): Promise<{ file: File; size: ImageSize }> {
  if (!isAllowedImage(file.name, file.type)) throw new Error(ONLY_IMAGES);
  const img = await decode(file);
  if (!img) throw new Error(ONLY_IMAGES);
  const size = { width: img.naturalWidth, height: img.naturalHeight };
  if (maxSize && (size.width > maxSize.width || size.height > maxSize.height)) throw new Error(maxSize.message);
  if (file.type !== 'image/webp') return { file, size };
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  canvas.getContext('2d')!.drawImage(img, 0, 0);
  const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!png) throw new Error(ONLY_IMAGES);
  return { file: new File([png], file.name.replace(/\.webp$/i, '.png'), { type: 'image/png' }), size };
}

/** Presigned upload; returns the key to save in the profile and the URL to preview it. */
export async function uploadImage(file: File, purpose: 'logo' | 'signature', companyId?: string): Promise<{ key: string; url: string }> {
  const p = await apiJson<PresignResponse>('/api/uploads/presign', {
    method: 'POST',
    body: { purpose, fileName: file.name, contentType: file.type, size: file.size, companyId },
  });
  const res = await apiFetch(p.uploadUrl, { method: 'PUT', headers: { 'content-type': file.type }, body: file });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? 'The image could not be uploaded. Please try again.');
  }
  return { key: p.key, url: p.url };
}
