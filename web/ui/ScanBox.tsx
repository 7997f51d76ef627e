import { ActionIcon, Button, Group, Loader, TextInput } from '@mantine/core';
import { IconCamera, IconScan } from '@tabler/icons-react';
import { Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { LazyCameraScanner } from '../scanner/LazyCameraScanner';
import { cleanScan, loadScannerProfile, onScannerProfileChange } from '../scanner/profile';
import type { ScanSource } from '../scanner/useScanner';

export interface ScanBoxProps {
  label: string;
  placeholder: string;
  /** Hands a typed or camera-read code to the screen's scan queue. */
  onSubmit: (code: string, source: ScanSource) => void;
  autoFocus?: boolean;
  testId?: string;
}

/**
 * The floor's code field. Everything that arrives in it before Enter (or the
 * device's terminator, see the scanner profile) is one scan, whatever the
 * time between its keys: the field is read and emptied on the terminator's
 * keydown, in the same task, so the next scan's first key lands in an empty
 * field and two scans never merge. The field is not a React-controlled input:
 * a re-render between keys cannot put back an older value or drop a key.
 * Hardware scans that arrive while focus is elsewhere are caught at document
 * level (web/scanner/wedge.ts); the field is marked `data-scan-field` so that
 * listener leaves its keys alone. The camera (loaded only when asked for)
 * feeds the same queue.
 */
export function ScanBox({ label, placeholder, onSubmit, autoFocus, testId }: ScanBoxProps) {
  const [camera, setCamera] = useState(false);
  const [profile, setProfile] = useState(loadScannerProfile);
  useEffect(() => onScannerProfileChange(setProfile), []);
  const input = useRef<HTMLInputElement>(null);

  const take = () => {
    const field = input.current;
    if (!field) return;
    const code = cleanScan(field.value, profile);
    field.value = '';
    if (code) onSubmit(code, 'manual');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' && e.key !== profile.terminator) return;
    if (e.nativeEvent.isComposing || e.ctrlKey || e.altKey || e.metaKey) return;
    // The terminator ends the scan here; it never submits the form a second time or moves focus.
    e.preventDefault();
    take();
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        take();
        input.current?.focus();
      }}
    >
      {/* One row on a 360 px handheld: the field takes what the two buttons leave. */}
      <Group align="flex-end" gap={6} wrap="nowrap">
        <TextInput
          ref={input}
          label={label}
          placeholder={placeholder}
          defaultValue=""
          onKeyDown={onKeyDown}
          size="lg"
          autoFocus={autoFocus}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          enterKeyHint="go"
          spellCheck={false}
          data-testid={testId}
          data-scan-field=""
          style={{ flex: '1 1 0', minWidth: 0 }}
          styles={{ input: { height: 52, fontSize: 20 }, label: { fontSize: 15, marginBottom: 2 } }}
          leftSection={<IconScan size={22} aria-hidden />}
        />
        <Button type="submit" size="lg" h={52} px="md" style={{ flexShrink: 0 }}>
          Enter
        </Button>
        {!camera && (
          <ActionIcon type="button" size={52} variant="light" aria-label="Camera" title="Scan with the camera" onClick={() => setCamera(true)} style={{ flexShrink: 0 }}>
            <IconCamera size={26} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      {camera && (
        <Suspense fallback={<Loader mt="sm" aria-label="Loading the camera" />}>
          <LazyCameraScanner defaultOpen openLabel="Scan with camera" onCode={(code) => onSubmit(code, 'camera')} />
        </Suspense>
      )}
    </form>
  );
}
