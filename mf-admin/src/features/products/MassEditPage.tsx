import { fieldErrorsOf } from '@portal/shared-contracts';
import { workflowMassEditSchema } from '@portal/shared-contracts/admin';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { useNavigate, useSearchParams } from '@portal/shared-contracts/router';
import { Alert, Button, Group, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { type FormEvent, useState } from 'react';
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
  const { notify, translateServerMessage } = usePlatform();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = (params.get('ids') ?? '')
    .split(',')
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
  const [activity, setActivity] = useState<Activity>('keep');
  const [days, setDays] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const massEdit = useMassEdit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const edit = {
      ids,
      changes: {
        ...(activity === 'keep' ? {} : { isActive: activity === 'true' }),
        ...(days.trim() === '' ? {} : { deliveryDays: wholeNumber(days) }),
      },
    };
    // The shared rules first: the same messages as the API, beside the same fields.
    const checked = workflowMassEditSchema.safeParse(edit);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setErrors({});
    try {
      const answer = await massEdit.mutateAsync(checked.data);
      notify('success', t('products.massSaved', { count: answer['hydra:totalItems'] }));
      navigate('/admin/work_flows');
    } catch (error) {
      const violations = fieldErrorsOf(error);
      if (violations) setErrors(violations);
      else notify('error', t('products.saveFailed'));
    }
  };

  const errorOf = (path: string) => (errors[path] ? translateServerMessage(errors[path]) : undefined);
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
                value={activity}
                onChange={(value) => setActivity(value as Activity)}
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
              value={days}
              error={errorOf('changes.deliveryDays')}
              onChange={(event) => setDays(event.currentTarget.value)}
            />
            {(errors.changes || errors.ids) && (
              <Alert color="red">{translateServerMessage(errors.changes ?? errors.ids ?? '')}</Alert>
            )}
            {Object.entries(errors)
              .filter(([path]) => path.startsWith('ids['))
              .map(([path, message]) => (
                <Alert key={path} color="red">
                  {translateServerMessage(message)}
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
