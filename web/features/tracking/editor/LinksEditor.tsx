import { useState, type KeyboardEvent } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LINKS_MAX_MSG, MAX_LINKS, type TrackingLayout } from '../../../../domain/tracking';
import { uuidv7 } from '../../../../domain/ids';

export type LinksEditorProps = { form: UseFormReturnType<TrackingLayout> };

/**
 * Up to five header links. Reordered by dragging the handle, by the up/down
 * buttons, or with Alt+Arrow keys from anywhere in a row.
 */
export function LinksEditor({ form }: LinksEditorProps) {
  const links = form.values.links;
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const move = (from: number, to: number) => {
    if (to < 0 || to >= links.length || from === to) return;
    form.reorderListItem('links', { from, to });
    setAnnouncement(`${links[from].linkName || 'Link'} moved to position ${to + 1} of ${links.length}`);
  };

  const add = () => {
    if (links.length >= MAX_LINKS) {
      form.setFieldError('links', LINKS_MAX_MSG);
      return;
    }
    form.insertListItem('links', { key: uuidv7(), linkName: '', linkURL: '' });
  };

  const onRowKey = (i: number) => (e: KeyboardEvent) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const to = e.key === 'ArrowUp' ? i - 1 : i + 1;
    move(i, to);
    // keep the focus on the same field of the moved row
    const target = e.target as HTMLElement;
    const field = target.getAttribute('data-field');
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-link-row="${to}"] [data-field="${field}"]`)?.focus());
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>Header links</Text>
        <Text size="sm" c="dimmed">
          {links.length} of {MAX_LINKS}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        Drag a link by its handle, or press Alt+↑ / Alt+↓ inside a row, to change the order.
      </Text>
      {links.map((link, i) => (
        <Paper
          key={link.key}
          withBorder
          p="xs"
          data-link-row={i}
          data-testid="link-row"
          onKeyDown={onRowKey(i)}
          onDragOver={(e) => {
            if (dragFrom !== null) e.preventDefault();
          }}
          onDrop={(e) => {
            e.preventDefault();
            if (dragFrom !== null) move(dragFrom, i);
            setDragFrom(null);
          }}
          style={{ opacity: dragFrom === i ? 0.5 : 1 }}
        >
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <div
              draggable
              role="img"
              aria-label={`Drag handle for ${link.linkName || `link ${i + 1}`}`}
              data-testid="link-drag-handle"
              onDragStart={(e) => {
                setDragFrom(i);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', String(i));
              }}
              onDragEnd={() => setDragFrom(null)}
              style={{ cursor: 'grab', padding: '30px 4px 0', userSelect: 'none', fontSize: 18, lineHeight: 1 }}
            >
              ⠿
            </div>
            <Stack gap={6} style={{ flex: 1 }}>
              <TextInput
                label="Link name"
                placeholder="Help centre"
                data-field="name"
                maxLength={40}
                {...form.getInputProps(`links.${i}.linkName`)}
              />
              <TextInput
                label="Link URL"
                placeholder="https://yourbrand.in/help"
                data-field="url"
                {...form.getInputProps(`links.${i}.linkURL`)}
              />
            </Stack>
            <Stack gap={4} pt={24}>
              <ActionIcon variant="default" aria-label={`Move ${link.linkName || `link ${i + 1}`} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                ↑
              </ActionIcon>
              <ActionIcon
                variant="default"
                aria-label={`Move ${link.linkName || `link ${i + 1}`} down`}
                disabled={i === links.length - 1}
                onClick={() => move(i, i + 1)}
              >
                ↓
              </ActionIcon>
              <ActionIcon
                variant="light"
                color="red"
                aria-label={`Remove ${link.linkName || `link ${i + 1}`}`}
                onClick={() => {
                  form.removeListItem('links', i);
                  form.clearFieldError('links');
                }}
              >
                ×
              </ActionIcon>
            </Stack>
          </Group>
        </Paper>
      ))}
      {form.errors.links && (
        <Text c="red" size="sm" role="alert">
          {form.errors.links}
        </Text>
      )}
      <Button variant="light" onClick={add} style={{ alignSelf: 'flex-start' }}>
        Add link
      </Button>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </Stack>
  );
}
