import { useState } from 'react';
import { Alert, Anchor, Box, Button, ColorInput, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_TRACKING_LAYOUT, trackingLayoutSchema, type ColourKey, type TrackingLayout } from '../../../../domain/tracking';
import { ApiRequestError } from '../../../api/client';
import { zodValidate } from '../../../ui/zodForm';
import { LayoutPreview } from './LayoutPreview';
import { LinksEditor } from './LinksEditor';
import { LogoPicker } from './LogoPicker';
import { saveTrackingLayout, trackingLayoutQuery, type TrackingLayoutAnswer } from './queries';

/** The spinner of Publish stays this long, so a fast save still reads as done (part 1 §9). */
export const PUBLISH_SPINNER_MS = 2000;

const COLOURS: { key: ColourKey; label: string; description: string }[] = [
  { key: 'pc', label: 'Primary colour', description: 'Header background' },
  { key: 'sc', label: 'Secondary colour', description: 'Status and route highlights' },
  { key: 'bg', label: 'Background colour', description: 'Page background' },
  { key: 'bc', label: 'Button colour', description: 'Track and other buttons' },
  { key: 'hf', label: 'Header link colour', description: 'Header text and links' },
];
const SWATCHES = ['#0b7285', '#1d3557', '#e63946', '#2b8a3e', '#f08c00', '#5f3dc4', '#212529', '#ffffff', '#f8f9fa', '#e3fafc'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Server field errors (`trackingLayout.links.0.linkURL`) as the form's keys (`links.0.linkURL`). */
function formErrors(e: unknown): Record<string, string> {
  if (!(e instanceof ApiRequestError)) return {};
  return Object.fromEntries((e.errors ?? []).map((x) => [x.path.replace(/^trackingLayout\./, ''), x.message]));
}

export type LayoutEditorProps = { answer: TrackingLayoutAnswer['responseBody'] };

/** Seller's tracking page layout: controls on one side, the live preview on the other. */
export function LayoutEditor({ answer }: LayoutEditorProps) {
  const queryClient = useQueryClient();
  const [publishing, setPublishing] = useState(false);
  const form = useForm<TrackingLayout>({
    initialValues: answer.trackingLayout,
    validate: zodValidate(trackingLayoutSchema),
  });

  const refresh = (layout: TrackingLayout, isDefault: boolean) =>
    queryClient.setQueryData(trackingLayoutQuery.queryKey, (old) => (old ? { ...old, responseBody: { ...old.responseBody, trackingLayout: layout, isDefault } } : old));

  const publish = form.onSubmit(
    async (values) => {
      setPublishing(true);
      const started = Date.now();
      let outcome: { ok: true; message: string } | { ok: false; error: unknown };
      try {
        outcome = { ok: true, message: await saveTrackingLayout(values) };
      } catch (error) {
        outcome = { ok: false, error };
      }
      await sleep(Math.max(0, PUBLISH_SPINNER_MS - (Date.now() - started)));
      setPublishing(false);
      if (outcome.ok) {
        form.resetDirty(values);
        refresh(values, false);
        notifications.show({ color: 'green', title: 'Published', message: outcome.message });
      } else {
        form.setErrors(formErrors(outcome.error));
        notifications.show({ color: 'red', title: 'Error', message: (outcome.error as Error).message });
      }
    },
    () => notifications.show({ color: 'red', title: 'Error', message: 'Please correct the highlighted fields.' }),
  );

  const reset = () =>
    modals.openConfirmModal({
      title: 'Reset Layout',
      children: <Text size="sm">This brings back the default colours and removes your logo and links from the tracking page. Continue?</Text>,
      labels: { confirm: 'Reset', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const message = await saveTrackingLayout(null);
          const fresh: TrackingLayout = { ...DEFAULT_TRACKING_LAYOUT, links: [] };
          form.setValues(fresh);
          form.resetDirty(fresh);
          form.clearErrors();
          refresh(fresh, true);
          notifications.show({ color: 'green', title: 'Reset', message });
        } catch (e) {
          notifications.show({ color: 'red', title: 'Error', message: (e as Error).message });
        }
      },
    });

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Tracking page</Title>
          <Text c="dimmed" size="sm">
            Your customers see this page when they track a parcel. Changes show in the preview; Publish makes them live.
          </Text>
        </div>
        {answer.sampleAwb && (
          <Anchor href={`/track/${encodeURIComponent(answer.sampleAwb)}`} target="_blank" rel="noopener" size="sm">
            Open a live tracking page
          </Anchor>
        )}
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper component="form" withBorder p="md" onSubmit={publish} noValidate aria-label="Tracking layout">
            <Stack>
              {form.isDirty() && (
                <Alert color="yellow" variant="light">
                  You have unpublished changes.
                </Alert>
              )}
              <LogoPicker
                value={form.values.hl}
                onChange={(hl) => {
                  form.setFieldValue('hl', hl);
                  form.clearFieldError('hl');
                }}
                error={form.errors.hl as string | undefined}
                onError={(m) => (m ? form.setFieldError('hl', m) : form.clearFieldError('hl'))}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {COLOURS.map((c) => (
                  <ColorInput
                    key={c.key}
                    label={c.label}
                    description={c.description}
                    format="hex"
                    swatches={SWATCHES}
                    withEyeDropper={false}
                    {...form.getInputProps(c.key)}
                  />
                ))}
              </SimpleGrid>
              <LinksEditor form={form} />
              <Group justify="space-between">
                <Button variant="default" color="red" onClick={reset} disabled={publishing}>
                  Reset Layout
                </Button>
                <Button type="submit" loading={publishing}>
                  Publish
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Box pos="sticky" top={76}>
            <Text fw={600} mb="xs">
              Preview
            </Text>
            <LayoutPreview layout={form.values} seller={answer.seller} />
          </Box>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
