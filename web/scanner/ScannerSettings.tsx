import { ActionIcon, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { WholeNumberInput } from '../ui/WholeNumberInput';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { zodValidate } from '../ui/zodForm';
import { DEFAULT_SCANNER_PROFILE, loadScannerProfile, saveScannerProfile, SCAN_TERMINATORS, scannerProfileSchema, type ScannerProfile } from './profile';

/**
 * The floor's settings for this device's hardware scanner: how a scan ends,
 * what the scanner adds before and after each code, and the longest gap
 * between its keys (used only when a scan arrives with no scan field in
 * focus). Kept on this device.
 */
export function ScannerSettingsButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      {/* An icon beside the title on a 360 px handheld, so the work keeps the first screenful. */}
      <ActionIcon variant="default" size={48} aria-label="Scanner" title="Scanner on this device" onClick={() => setOpened(true)} data-scanner-ignore="">
        <IconSettings size={24} aria-hidden />
      </ActionIcon>
      {opened && <ScannerSettingsModal onClose={() => setOpened(false)} />}
    </>
  );
}

type ProfileForm = Omit<ScannerProfile, 'maxGapMs'> & { maxGapMs: number | string };

function ScannerSettingsModal({ onClose }: { onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const form = useForm<ProfileForm>({
    initialValues: loadScannerProfile(),
    validate: (values) => zodValidate(scannerProfileSchema)({ ...values, maxGapMs: Number(values.maxGapMs) }),
  });
  return (
    <Modal opened onClose={onClose} fullScreen={phone} title={<Text fw={700} fz="lg">Scanner on this device</Text>} closeButtonProps={{ size: 'xl', 'aria-label': 'Close' }}>
      {/* Keys typed here are settings, never scans. */}
      <form
        noValidate
        data-scanner-ignore=""
        onSubmit={form.onSubmit((values) => {
          saveScannerProfile({ ...values, maxGapMs: Number(values.maxGapMs) });
          onClose();
        })}
      >
        <Stack>
          <div>
            <Text size="sm" fw={500} mb={4}>
              A scan ends with
            </Text>
            <SegmentedControl fullWidth size="md" data={[...SCAN_TERMINATORS]} {...form.getInputProps('terminator')} aria-label="A scan ends with" />
          </div>
          <TextInput label="Prefix to strip" description="Characters the scanner puts before each code" size="md" maxLength={8} autoComplete="off" {...form.getInputProps('prefix')} />
          <TextInput label="Suffix to strip" description="Characters the scanner puts after each code" size="md" maxLength={8} autoComplete="off" {...form.getInputProps('suffix')} />
          <WholeNumberInput
            label="Longest gap between keys (ms)"
            description="Used only for a scan made while no scan field has focus"
            size="md"
            maxDigits={3}
            {...form.getInputProps('maxGapMs')}
          />
          <Group justify="space-between">
            <Button variant="subtle" h={48} onClick={() => form.setValues(DEFAULT_SCANNER_PROFILE)}>
              Use the default
            </Button>
            <Button type="submit" size="md" h={48}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
