// /bulk: every upload the user's role may make, each with its sample
// template and a file picker that opens the type's preview.
import { Anchor, Card, FileButton, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { BULK_DEFS, bulkTypesFor, MAX_BULK_ROWS, templatePath, type BulkType } from '../../../domain/bulk/types';
import { useSession } from '../../auth/useSession';
import { setPendingUpload } from './pending';

export const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

export function useOpenPreview() {
  const navigate = useNavigate();
  return (type: BulkType, file: File | null) => {
    if (!file) return;
    setPendingUpload({ type, file });
    void navigate({ to: '/bulk/$type', params: { type } });
  };
}

export function BulkPage() {
  const { role } = useSession();
  const open = useOpenPreview();
  const types = bulkTypesFor(role);
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">Bulk uploads</Title>
      <Text size="sm" c="dimmed">
        Download the sample template, fill it in (one row per record, the header row as given), and upload it as .xlsx or .csv. You can check and fix every row before
        submitting; at most {MAX_BULK_ROWS} rows are submitted at a time.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {types.map((t) => {
          const def = BULK_DEFS[t];
          return (
            <Card key={t} withBorder padding="md" data-testid={`bulk-type-${t}`}>
              <Stack gap={6}>
                <Text fw={600}>{def.title}</Text>
                <Text size="sm" c="dimmed">{def.description}</Text>
                <Text size="xs" c="dimmed">Columns: {def.columns.map((c) => c.key).join(', ')}</Text>
                <Group gap="sm" mt={4}>
                  <FileButton onChange={(f) => open(t, f)} accept={ACCEPT}>
                    {(props) => <Button size="xs" {...props} aria-label={`Upload file: ${def.title}`}>Upload file</Button>}
                  </FileButton>
                  <Anchor href={templatePath(t)} download size="sm">Sample template (.xlsx)</Anchor>
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      {types.length === 0 && <Text>Your role has no bulk uploads.</Text>}
    </Stack>
  );
}
