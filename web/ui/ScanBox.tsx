import { ActionIcon, Button, Group, Loader, TextInput } from '@mantine/core';
import { IconCamera, IconScan } from '@tabler/icons-react';
import { Suspense, useRef, useState } from 'react';
import { LazyCameraScanner } from '../scanner/LazyCameraScanner';
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
 * The floor's code field: large, typed codes go in on Enter, hardware scans
 * are caught at document level whatever has focus, and the camera (loaded
 * only when asked for) feeds the same queue. The field keeps what was typed
 * until it is submitted.
 */
export function ScanBox({ label, placeholder, onSubmit, autoFocus, testId }: ScanBoxProps) {
  const [value, setValue] = useState('');
  const [camera, setCamera] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  return (
    <form noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!value.trim()) return;
        onSubmit(value, 'manual');
        setValue('');
        input.current?.focus();
      }}
    >
      {/* One row on a 360 px handheld: the field takes what the two buttons leave. */}
      <Group align="flex-end" gap={6} wrap="nowrap">
        <TextInput
          ref={input}
          label={label}
          placeholder={placeholder}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          size="lg"
          autoFocus={autoFocus}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          data-testid={testId}
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
