import { useState } from 'react';
import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { isAllowedImage, type PresignResponse } from '../../../../domain/uploads';
import { LOGO_DIMENSIONS, LOGO_MAX_HEIGHT, LOGO_MAX_WIDTH, logoFits, ONLY_IMAGES, type TrackingLogo } from '../../../../domain/tracking';
import { apiFetch, apiJson } from '../../../api/client';
import { decodeImageSize } from './image';

export type LogoPickerProps = {
  value: TrackingLogo | null;
  onChange: (logo: TrackingLogo | null) => void;
  error?: string;
  onError: (message: string | null) => void;
};

/** Upload through a presigned URL, after checking the type and decoding the image for its size. */
export async function uploadLogo(file: File): Promise<TrackingLogo> {
  if (!isAllowedImage(file.name, file.type)) throw new Error(ONLY_IMAGES);
  const size = await decodeImageSize(file);
  if (!size) throw new Error(ONLY_IMAGES);
  if (!logoFits(size)) throw new Error(LOGO_DIMENSIONS);
  const presigned = await apiJson<PresignResponse>('/api/uploads/presign', {
    method: 'POST',
    body: { purpose: 'logo', fileName: file.name, contentType: file.type, size: file.size },
  });
  const put = await apiFetch(presigned.uploadUrl, { method: 'PUT', headers: { 'content-type': file.type }, body: file });
  if (!put.ok) {
    const body = await put.json().catch(() => null);
    throw new Error(body?.message ?? 'The logo could not be uploaded. Please try again.');
  }
  return { data: presigned.key, name: file.name, url: presigned.url };
}

export function LogoPicker({ value, onChange, error, onError }: LogoPickerProps) {
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    onError(null);
    try {
      onChange(await uploadLogo(file));
    } catch (e) {
      onError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={6}>
      <Text fw={600}>Logo</Text>
      <Text size="xs" c="dimmed">
        JPG, PNG or WebP, at most {LOGO_MAX_WIDTH} x {LOGO_MAX_HEIGHT} pixels.
      </Text>
      {value && <Image src={value.url} alt="Current logo" h={48} w="auto" fit="contain" style={{ alignSelf: 'flex-start' }} />}
      <Group gap="xs">
        <FileButton onChange={pick} accept="image/png,image/jpeg,image/webp" inputProps={{ 'aria-label': 'Logo file' } as never}>
          {(props) => (
            <Button {...props} variant="default" loading={busy}>
              {value ? 'Change logo' : 'Upload logo'}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button variant="subtle" color="red" onClick={() => onChange(null)}>
            Remove logo
          </Button>
        )}
      </Group>
      {error && (
        <Text c="red" size="sm" role="alert" data-testid="logo-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
