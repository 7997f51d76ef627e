import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconCamera, IconPhoto, IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import { uuidv7 } from '../../../domain/ids';
import { isAllowedImage, ONLY_IMAGES } from '../../../domain/uploads';
import { LOCAL_PHOTO } from '../../local-db/db';
import type { FloorSync } from '../../local-db/engine';
import { useObjectUrl } from '../../ui/useObjectUrl';

/** Why a picked file cannot be a proof photo, or null (the message is said beside the photo buttons). */
export const photoProblem = (file: File): string | null => (isAllowedImage(file.name || 'photo.jpg', file.type) ? null : ONLY_IMAGES);

/**
 * Keeps a photo on this device until the sync transport uploads it (offline too), and returns the
 * `local:<id>` reference a floor command carries in its place (web/local-db/transport.ts).
 */
export async function keepPhoto(sync: FloorSync, file: File, companyId: string, fallbackName: string): Promise<string> {
  const id = uuidv7();
  await sync.photos.photos.add({ id, companyId, fileName: file.name || fallbackName, contentType: file.type, blob: file, key: null, createdAt: new Date().toISOString() });
  return `${LOCAL_PHOTO}${id}`;
}

/** A proof photo of `subject`: taken with the camera or chosen from the device's files, shown before it is saved. */
export function PhotoPicker({ subject, photo, error, onPick, onClear, testId }: { subject: string; photo: File | null; error: string | null; onPick: (f: File | undefined) => void; onClear: () => void; testId: string }) {
  const camera = useRef<HTMLInputElement>(null);
  const files = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(photo);
  return (
    <Stack gap={4}>
      <input ref={camera} type="file" accept="image/*" capture="environment" hidden aria-label={`Take a photo of ${subject}`} onChange={(e) => onPick(e.currentTarget.files?.[0])} />
      <input ref={files} type="file" accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp" hidden aria-label={`Choose a photo of ${subject}`} data-testid={testId} onChange={(e) => onPick(e.currentTarget.files?.[0])} />
      {photo && preview ? (
        <Group gap="xs" wrap="nowrap">
          <Image src={preview} alt={`Proof photo of ${subject}`} w={56} h={56} radius="sm" fit="cover" />
          <Button variant="subtle" color="red" size="sm" h={48} leftSection={<IconX size={14} />} onClick={onClear}>
            Remove
          </Button>
        </Group>
      ) : (
        <Group gap="xs" wrap="wrap">
          <Button variant="light" size="sm" h={48} leftSection={<IconCamera size={18} />} onClick={() => camera.current?.click()}>
            Take photo
          </Button>
          <Button variant="default" size="sm" h={48} leftSection={<IconPhoto size={18} />} onClick={() => files.current?.click()}>
            Choose file
          </Button>
        </Group>
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
