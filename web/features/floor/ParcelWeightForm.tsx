import { Button, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { chargeableWeightG, parcelSchema, volumetricWeightG, type FloorOrderDoc } from '../../../domain/floor';
import { useFloorSync } from '../../local-db/useFloorSync';
import { WholeNumberInput } from '../../ui/WholeNumberInput';
import { shippingPackagesQuery } from '../orders/queries';
import { keepPhoto, PhotoPicker, photoProblem } from './PhotoPicker';

type Box = 'package' | 'own';
type Draft = { weightG: number | ''; packageCode: string | null; lengthCm: number | ''; breadthCm: number | ''; heightCm: number | '' };
const EMPTY: Draft = { weightG: '', packageCode: null, lengthCm: '', breadthCm: '', heightCm: '' };
const num = (v: number | '') => (v === '' ? undefined : v);

/**
 * Weight at the box, once every item is in it: the parcel's weight in grams
 * (a scale that types like a keyboard fills the focused field and its Enter
 * saves) and its box, a shipping package or the packer's own L × B × H, and
 * optionally a photo of the parcel (weight dispute evidence). Saved
 * as the pack.weigh command, offline too; the server stores the volumetric
 * (L × B × H / 5000 kg) and chargeable weights the courier booking sends.
 */
export function ParcelWeightForm({ doc }: { doc: FloorOrderDoc }) {
  const sync = useFloorSync();
  const packages = useQuery(shippingPackagesQuery());
  const [box, setBox] = useState<Box>('package');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const list = packages.data ?? [];
  const chosen = list.find((p) => p.code === draft.packageCode);

  const input = () =>
    box === 'package'
      ? { weightG: num(draft.weightG), packageCode: draft.packageCode ?? undefined }
      : { weightG: num(draft.weightG), lengthCm: num(draft.lengthCm), breadthCm: num(draft.breadthCm), heightCm: num(draft.heightCm) };

  const save = async () => {
    const r = parcelSchema.safeParse(input());
    if (!r.success) {
      const found: Record<string, string> = {};
      for (const issue of r.error.issues) found[String(issue.path[0] ?? 'packageCode')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      // The parcel photo stays on this device until the sync uploads it (offline too).
      const photoKey = photo ? await keepPhoto(sync, photo, doc.companyId, `${doc.shopOrderId}.jpg`) : undefined;
      await sync.engine.enqueue('pack.weigh', { orderId: doc.id, awb: doc.awb ?? doc.shopOrderId, ...r.data, ...(photoKey ? { photoKey } : {}) });
      const sides = chosen ? [chosen.lengthCm, chosen.breadthCm, chosen.heightCm] : [r.data.lengthCm!, r.data.breadthCm!, r.data.heightCm!];
      const charged = chargeableWeightG(r.data.weightG, volumetricWeightG(sides[0], sides[1], sides[2]));
      setSaved(`${r.data.weightG} g in ${chosen ? chosen.name : `${sides.join(' × ')} cm`} · chargeable ${charged} g${photo ? ' · with photo' : ''}`);
      setPhoto(null);
      void sync.engine.sync();
    } finally {
      setSaving(false);
    }
  };

  if (saved) {
    return (
      <Paper withBorder p="xs" radius="md" data-testid="parcel-saved">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>Weighed: {saved}</Text>
          <Button variant="subtle" h={44} onClick={() => setSaved(null)}>
            Weigh again
          </Button>
        </Group>
      </Paper>
    );
  }

  const boxError = errors.packageCode ?? (box === 'own' ? errors.lengthCm ?? errors.breadthCm ?? errors.heightCm : undefined);
  return (
    <Paper withBorder p="xs" radius="md" data-scanner-ignore data-testid="parcel-form">
      <form
        noValidate
        aria-label="Weigh the parcel"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="xs">
          <Text fw={700}>Weigh the parcel</Text>
          <WholeNumberInput label="Weight (g)" size="lg" maxDigits={6} value={draft.weightG} onChange={(v) => set({ weightG: v })} error={errors.weightG} />
          <SegmentedControl
            aria-label="Box"
            fullWidth
            size="lg"
            value={box}
            onChange={(v) => setBox(v as Box)}
            data={[
              { value: 'package', label: 'Shipping package' },
              { value: 'own', label: 'L × B × H' },
            ]}
          />
          {box === 'package' ? (
            <Select
              label="Shipping package"
              placeholder={packages.isError || (!packages.isPending && !list.length) ? 'Not on this device: enter L × B × H' : 'Choose a package'}
              size="lg"
              data={list.map((p) => ({ value: p.code, label: `${p.name} (${p.lengthCm} × ${p.breadthCm} × ${p.heightCm} cm)` }))}
              value={draft.packageCode}
              onChange={(v) => set({ packageCode: v })}
              error={boxError}
              comboboxProps={{ withinPortal: true }}
            />
          ) : (
            <>
              <Group grow gap="xs" wrap="nowrap">
                <WholeNumberInput label="L (cm)" size="lg" maxDigits={3} value={draft.lengthCm} onChange={(v) => set({ lengthCm: v })} error={!!errors.lengthCm} />
                <WholeNumberInput label="B (cm)" size="lg" maxDigits={3} value={draft.breadthCm} onChange={(v) => set({ breadthCm: v })} error={!!errors.breadthCm} />
                <WholeNumberInput label="H (cm)" size="lg" maxDigits={3} value={draft.heightCm} onChange={(v) => set({ heightCm: v })} error={!!errors.heightCm} />
              </Group>
              {boxError && (
                <Text c="red" size="sm" role="alert">
                  {boxError}
                </Text>
              )}
            </>
          )}
          <Text size="sm" fw={600}>
            Parcel photo (optional): on the scale, label visible
          </Text>
          <PhotoPicker
            subject="the parcel"
            testId="parcel-photo-file"
            photo={photo}
            error={photoError}
            onPick={(f) => {
              if (!f) return;
              const problem = photoProblem(f);
              setPhoto(problem ? null : f);
              setPhotoError(problem);
            }}
            onClear={() => {
              setPhoto(null);
              setPhotoError(null);
            }}
          />
          <Button type="submit" size="lg" h={48} loading={saving}>
            Save weight
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
