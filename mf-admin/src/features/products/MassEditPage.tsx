import { workflowMassEditSchema } from '@portal/shared-contracts/admin';
import { usePortalForm } from '@portal/shared-contracts/forms';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { useNavigate, useSearchParams } from '@portal/shared-contracts/router';
import { Alert, Button, Group, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { FilterControl } from '../../shared/list';
import { useMassEdit } from './api';
import { ProductBreadcrumbs } from './Breadcrumbs';
import { wholeNumber } from './form-values';
import { READABLE } from './StepsEditor';

type Activity = 'keep' | 'true' | 'false';

/** `/admin/work_flows/mass_edit?ids=1,2`: set active and delivery days of the chosen products at once. */
export default function MassEditPage() {
  const { t } = useTranslation(NAMESPACE);
  const { notify } = usePlatform();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = (params.get('ids') ?? '')
    .split(',')
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
  const massEdit = useMassEdit();
  // The shared schema checks the edit as it is sent: the same messages as the API, beside the same fields.
  const form = usePortalForm({
    initialValues: { activity: 'keep' as Activity, days: '' },
    transformValues: ({ activity, days }) => ({
      ids,
      changes: {
        ...(activity === 'keep' ? {} : { isActive: activity === 'true' }),
        ...(days.trim() === '' ? {} : { deliveryDays: wholeNumber(days) }),
      },
    }),
    schema: workflowMassEditSchema,
    fieldOf: (path) => (path === 'changes.deliveryDays' ? 'days' : path),
  });

  const submit = form.submit(async (edit) => {
    try {
      const answer = await massEdit.mutateAsync(edit);
      notify('success', t('products.massSaved', { count: answer['hydra:totalItems'] }));
      navigate('/admin/work_flows');
    } catch (error) {
      if (!form.applyServerViolations(error)) notify('error', t('products.saveFailed'));
    }
  });

  const errors = form.errors;
  return (
    <Stack gap="md" maw={640}>
      <ProductBreadcrumbs trail={[{ label: t('pages.workflowMassEdit') }]} />
      <PageHeading>{t('pages.workflowMassEdit')}</PageHeading>
      {ids.length === 0 ? (
        <Alert color="blue">{t('products.noneChosen')}</Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text data-testid="mass-edit-count">{t('products.chosen', { count: ids.length })}</Text>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="mass-activity">
                {t('products.status')}
              </Text>
              <FilterControl
                aria-labelledby="mass-activity"
                value={form.values.activity}
                onChange={(value) => form.setFieldValue('activity', value as Activity)}
                data={[
                  { value: 'keep', label: t('products.keep') },
                  { value: 'true', label: t('products.activate') },
                  { value: 'false', label: t('products.deactivate') },
                ]}
              />
            </Stack>
            <TextInput
              {...READABLE}
              label={t('products.fields.deliveryDays')}
              description={t('products.massDaysHint')}
              inputMode="numeric"
              {...form.getInputProps('days')}
            />
            {(errors.changes || errors.ids) && (
              <Alert color="red">{form.fieldError('changes') ?? form.fieldError('ids')}</Alert>
            )}
            {Object.entries(errors)
              .filter(([path]) => path.startsWith('ids['))
              .map(([path]) => (
                <Alert key={path} color="red">
                  {form.fieldError(path)}
                </Alert>
              ))}
            <Group>
              <Button type="submit" loading={massEdit.isPending}>
                {t('products.applyMass')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
