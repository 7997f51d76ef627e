import { useState } from 'react';
import { Button, FileButton, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { prepareImage, uploadImage, type ImageSize } from './images';

export type ImageUploadFieldProps = {
  label: string;
  purpose: 'logo' | 'signature';
  /** Preview URL of the current image, if any. */
  url: string | null;
  onUploaded: (upload: { key: string; url: string }) => void;
  error?: React.ReactNode;
  companyId?: string;
  maxSize?: ImageSize & { message: string };
  hint: string;
};

/** Pick, check and upload one image (logo or signature), with a preview of the current one. */
export function ImageUploadField({ label, purpose, url, onUploaded, error, companyId, maxSize, hint }: ImageUploadFieldProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = async (picked: File | null) => {
    if (!picked) return;
    setBusy(true);
    setProblem(null);
    try {
      const { file } = await prepareImage(picked, maxSize);
      onUploaded(await uploadImage(file, purpose, companyId));
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const shown = problem ?? error;
  // A saved image whose file cannot be read (removed, or not an image) shows as missing, never as a broken box.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const visible = url && url !== brokenUrl ? url : null;
  return (
    <Input.Wrapper label={label} required description={hint} error={shown}>
      <Stack gap="xs" mt={6}>
        <Paper withBorder p="xs" w={220} h={110} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          {visible ? (
            <Image src={visible} alt={`${label} preview`} mah={90} maw={200} fit="contain" data-testid={`${purpose}-preview`} onError={() => setBrokenUrl(visible)} />
          ) : (
            <Text size="xs" c="dimmed" ta="center">
              {url ? `The saved ${purpose} cannot be read: upload it again. Invoices leave it out meanwhile.` : `No ${purpose} uploaded: invoices leave it out`}
            </Text>
          )}
        </Paper>
        <Group gap="xs">
          <FileButton onChange={pick} accept="image/png,image/jpeg,image/webp" inputProps={{ 'data-testid': `${purpose}-input`, 'aria-label': `${label} file` } as never}>
            {(props) => (
              <Button {...props} variant="default" loading={busy}>
                {url ? `Change ${purpose}` : `Upload ${purpose}`}
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
