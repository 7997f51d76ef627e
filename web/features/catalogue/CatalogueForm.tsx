import { useState } from 'react';
import { Alert, Button, FileInput, Grid, Group, Image, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  CATALOG_ADDED,
  CATALOG_UPDATED,
  CATALOGUE_SERVER_ERROR,
  catalogueFormSchema,
  toCataloguePayload,
  type CatalogueItemDto,
  type CatalogueSavedResponse,
} from '../../../domain/catalogue';
import { isAllowedImage, ONLY_IMAGES } from '../../../domain/uploads';
import { apiJson, ApiRequestError, fieldErrors } from '../../api/client';
import { zodValidate } from '../../ui/zodForm';
import { uploadProductImage } from './queries';

export type CatalogueFormValues = {
  skuId: string;
  productTitle: string;
  productId: string;
  variantId: string;
  variantTitle: string;
  category: string;
  hsnCode: string;
  barCode: string;
  active: '1' | '0';
  price: string;
  basePrice: string;
  margin: string;
  distributorMargin: string;
  weight: string;
  dimensions: { length: string; breadth: string; height: string };
  imageUrls: string[];
  gstPercentage: { sgst: string; cgst: string; igst: string; utgst: string; cess: string };
};

const text = (v: number | string | null | undefined) => (v == null ? '' : String(v));

export function formValuesOf(item?: CatalogueItemDto): CatalogueFormValues {
  const g = item?.gstPercentage;
  return {
    skuId: item?.sku ?? '',
    productTitle: item?.productTitle ?? '',
    productId: item?.productId ?? '',
    variantId: item?.variantId ?? '',
    variantTitle: item?.variantTitle ?? '',
    category: item?.category ?? '',
    hsnCode: item?.hsnCode ?? '',
    barCode: item?.barCode ?? '',
    active: item && item.active === 0 ? '0' : '1',
    price: text(item?.price),
    basePrice: text(item?.basePrice),
    margin: text(item?.margin),
    distributorMargin: text(item?.distributorMargin),
    weight: text(item?.weight),
    dimensions: { length: text(item?.dimensions.length), breadth: text(item?.dimensions.breadth), height: text(item?.dimensions.height) },
    imageUrls: item?.imageUrls.slice(0, 1) ?? [],
    gstPercentage: { sgst: text(g?.sgst), cgst: text(g?.cgst), igst: text(g?.igst), utgst: text(g?.utgst), cess: text(g?.cess) },
  };
}

export type CatalogueFormProps = {
  mode: 'create' | 'update';
  item?: CatalogueItemDto;
  /** Company the new item is for (warehouse users choose one). */
  companyId?: string;
  onSaved: (item: CatalogueItemDto) => void;
  onCancel: () => void;
};

/** Add or edit a catalogue item with every rule of the catalogue form (part 2 §5). */
export function CatalogueForm({ mode, item, companyId, onSaved, onCancel }: CatalogueFormProps) {
  const schema = catalogueFormSchema(mode);
  const form = useForm<CatalogueFormValues>({ initialValues: formValuesOf(item), validate: zodValidate(schema) });
  const [uploading, setUploading] = useState(false);
  const field = (path: string) => form.getInputProps(path);

  const pickImage = async (file: File | null) => {
    if (!file) return;
    if (!isAllowedImage(file.name, file.type)) {
      form.setFieldError('imageUrls', ONLY_IMAGES);
      return;
    }
    setUploading(true);
    try {
      const url = await uploadProductImage(file, companyId ?? item?.companyId);
      form.setFieldValue('imageUrls', [url]);
      form.clearFieldError('imageUrls');
    } catch (e) {
      form.setFieldError('imageUrls', e instanceof ApiRequestError ? e.message : ONLY_IMAGES);
    } finally {
      setUploading(false);
    }
  };

  const submit = form.onSubmit(async (values) => {
    const parsed = schema.parse(values);
    const payload = { ...toCataloguePayload(parsed, mode), ...(mode === 'create' && companyId ? { companyId } : {}) };
    try {
      const r =
        mode === 'create'
          ? await apiJson<CatalogueSavedResponse>('/api/catalogue', { method: 'POST', body: payload })
          : await apiJson<CatalogueSavedResponse>(`/api/catalogue/${item!.id}`, { method: 'PUT', body: payload });
      notifications.show({ color: 'green', message: mode === 'create' ? CATALOG_ADDED : CATALOG_UPDATED });
      onSaved(r.data);
    } catch (e) {
      const errs = fieldErrors(e);
      if (Object.keys(errs).length) {
        form.setErrors(errs);
        notifications.show({ color: 'red', title: 'Error', message: (e as Error).message });
      } else {
        notifications.show({ color: 'red', title: CATALOGUE_SERVER_ERROR.title, message: CATALOGUE_SERVER_ERROR.message });
      }
    }
  });

  const imageUrl = form.values.imageUrls[0];
  const col = { base: 12, sm: 6 };
  const third = { base: 12, sm: 4 };
  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'create' ? 'Add catalogue item' : 'Edit catalogue item'}>
      <Stack>
        {mode === 'update' && !item?.imageUrls.length && (
          // Items from the bulk catalogue sheet (it has no image column) arrive without one; the rule stays, the fix is here.
          <Alert color="orange" variant="light" data-testid="catalogue-needs-image">
            This item has no image yet, and an item needs one to be saved. Add it below (on a phone you can take a photo).
          </Alert>
        )}
        <Grid gap="sm">
          <Grid.Col span={col}><TextInput label="Item Name" required {...field('productTitle')} /></Grid.Col>
          <Grid.Col span={col}><TextInput label="Product ID" required maxLength={36} {...field('productId')} /></Grid.Col>
          <Grid.Col span={col}>
            <TextInput label="SKU ID" required={mode === 'create'} disabled={mode === 'update'} description={mode === 'update' ? 'The SKU ID cannot be changed' : undefined} {...field('skuId')} />
          </Grid.Col>
          <Grid.Col span={col}><TextInput label="Category" required {...field('category')} /></Grid.Col>
          <Grid.Col span={col}><TextInput label="Variant ID" {...field('variantId')} /></Grid.Col>
          <Grid.Col span={col}><TextInput label="Variant Title" {...field('variantTitle')} /></Grid.Col>
          <Grid.Col span={col}><TextInput label="HSN Code" {...field('hsnCode')} /></Grid.Col>
          <Grid.Col span={col}><TextInput label="Bar Code" description="GTIN: UPC-A, EAN-13 or GTIN-14" inputMode="numeric" {...field('barCode')} /></Grid.Col>
          <Grid.Col span={col}>
            <Select label="Status" required allowDeselect={false} data={[{ value: '1', label: 'Active' }, { value: '0', label: 'InActive' }]} {...field('active')} />
          </Grid.Col>
          <Grid.Col span={col}><TextInput label="Price" description="₹, GST inclusive" inputMode="decimal" required {...field('price')} /></Grid.Col>
          <Grid.Col span={third}><TextInput label="Base Price" description="₹" inputMode="decimal" {...field('basePrice')} /></Grid.Col>
          <Grid.Col span={third}><TextInput label="Margin" description="%" inputMode="decimal" {...field('margin')} /></Grid.Col>
          <Grid.Col span={third}><TextInput label="Distributor Margin" description="%" inputMode="decimal" {...field('distributorMargin')} /></Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}><TextInput label="Length" description="cm" inputMode="decimal" required {...field('dimensions.length')} /></Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}><TextInput label="Breadth" description="cm" inputMode="decimal" required {...field('dimensions.breadth')} /></Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}><TextInput label="Height" description="cm" inputMode="decimal" required {...field('dimensions.height')} /></Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}><TextInput label="Weight" description="grams" inputMode="decimal" required {...field('weight')} /></Grid.Col>
        </Grid>
        <Title order={4} size="h5">GST (%)</Title>
        <Grid gap="sm">
          <Grid.Col span={{ base: 6, sm: 'auto' }}><TextInput label="SGST" inputMode="decimal" required {...field('gstPercentage.sgst')} /></Grid.Col>
          <Grid.Col span={{ base: 6, sm: 'auto' }}><TextInput label="CGST" inputMode="decimal" required {...field('gstPercentage.cgst')} /></Grid.Col>
          <Grid.Col span={{ base: 6, sm: 'auto' }}><TextInput label="IGST" inputMode="decimal" required {...field('gstPercentage.igst')} /></Grid.Col>
          <Grid.Col span={{ base: 6, sm: 'auto' }}><TextInput label="UTGST" description="Empty: same as SGST" inputMode="decimal" {...field('gstPercentage.utgst')} /></Grid.Col>
          <Grid.Col span={{ base: 6, sm: 'auto' }}><TextInput label="CESS" inputMode="decimal" {...field('gstPercentage.cess')} /></Grid.Col>
        </Grid>
        <Group align="flex-end" wrap="nowrap">
          <FileInput
            label="Image"
            description="One jpg, jpeg, png or webp"
            // image/* lets a phone offer its camera as well as its gallery; the type is checked on choosing.
            accept="image/*,.jpg,.jpeg,.png,.webp"
            placeholder={imageUrl ? 'Replace image' : 'Choose image'}
            required
            clearable={false}
            value={null}
            onChange={pickImage}
            disabled={uploading}
            error={form.errors.imageUrls}
            style={{ flex: 1 }}
          />
          {imageUrl && <Image src={imageUrl} alt="Product image" w={64} h={64} fit="contain" radius="sm" data-testid="catalogue-image-preview" />}
        </Group>
        {uploading && <Text size="sm" c="dimmed">Uploading image…</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>Cancel</Button>
          <Button type="submit" loading={form.submitting} disabled={uploading}>Save</Button>
        </Group>
      </Stack>
    </form>
  );
}
