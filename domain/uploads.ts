import { z } from 'zod';
import { okBody } from './api';

/** Image uploads (logo, product image, return proof photo, invoice signature): part 1 §5. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ONLY_IMAGES = 'Only images are allowed';
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_PURPOSES = ['logo', 'product', 'proof', 'signature'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export function isAllowedImage(fileName: string, contentType: string): boolean {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  return (IMAGE_EXTENSIONS as readonly string[]).includes(ext) && (IMAGE_CONTENT_TYPES as readonly string[]).includes(contentType);
}

export const presignSchema = z
  .object({
    purpose: z.enum(UPLOAD_PURPOSES),
    fileName: z.string().min(1).max(200),
    contentType: z.string().min(1).max(100),
    size: z.number().int().positive().max(MAX_UPLOAD_BYTES, 'File must be 5 MB or smaller'),
    companyId: z.string().max(64).optional(),
  })
  .refine((v) => isAllowedImage(v.fileName, v.contentType), { message: ONLY_IMAGES, path: ['fileName'] });
export type PresignInput = z.infer<typeof presignSchema>;

/** POST /api/uploads/presign: PUT the bytes to `uploadUrl`; the file is then at `url`. */
export const PresignResponse = okBody({
  key: z.string(),
  uploadUrl: z.string(),
  url: z.string(),
  method: z.literal('PUT'),
});
export type PresignResponse = z.infer<typeof PresignResponse>;

/** PUT /api/uploads/:key (the presigned upload): where the stored file is read back. */
export const UploadedResponse = okBody({ key: z.string(), url: z.string() });
export type UploadedResponse = z.infer<typeof UploadedResponse>;
