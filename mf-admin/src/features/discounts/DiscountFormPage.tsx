import { fieldErrorsOf, toDbDate, toDisplayDate } from '@portal/shared-contracts';
import {
  checkDiscount,
  DISCOUNT_FREQUENCIES,
  DISCOUNT_KINDS,
  DISCOUNT_STATUSES,
  DISCOUNT_TYPES,
  DISCOUNT_USER_TYPES,
  type DiscountFrequency,
  type DiscountInput,
  type DiscountKind,
  type DiscountStatus,
  type DiscountType,
  type DiscountUserType,
  discountValueFromText,
  discountValueText,
} from '@portal/shared-contracts/admin';
import { rigaDate } from '@portal/shared-contracts/calendar';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { useNavigate, useParams } from '@portal/shared-contracts/router';
import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { Radio } from '@portal/shared-contracts/ui/forms';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { type AdminDiscount, useAdminDiscount, useDeactivateDiscount, useSaveDiscount } from './api';
import { DiscountsBreadcrumbs } from './DiscountsBreadcrumbs';

/** The form's text of every field; numbers and dates are read on save. */
interface FormValues {
  code: string;
  kind: DiscountKind;
  type: DiscountType;
  value: string;
  frequency: DiscountFrequency;
  frequencyIndex: string;
  status: DiscountStatus;
  maxCount: string;
  leftCount: string;
  validFrom: string;
  validTill: string;
  userType: DiscountUserType;
}

const EMPTY: FormValues = {
  code: '',
  kind: 'code',
  type: 'percentage',
  value: '',
  frequency: 'each',
  frequencyIndex: '',
  status: 'active',
  maxCount: '',
  leftCount: '',
  validFrom: '',
  validTill: '',
  userType: 'all',
};

function formValues(discount: AdminDiscount): FormValues {
  return {
    code: discount.code,
    kind: discount.kind,
    type: discount.type,
    value: discountValueText(discount.value),
    frequency: discount.frequency,
    frequencyIndex: discount.frequencyIndex === null ? '' : String(discount.frequencyIndex),
    status: discount.status,
    maxCount: discount.maxCount === null ? '' : String(discount.maxCount),
    leftCount: discount.leftCount === null ? '' : String(discount.leftCount),
    validFrom: discount.validFrom ? (toDisplayDate(discount.validFrom) ?? '') : '',
    validTill: discount.validTill ? (toDisplayDate(discount.validTill) ?? '') : '',
    userType: discount.userType,
  };
}

/** A whole number as typed, or null when empty; what is no number stays NaN, which the rules refuse. */
const wholeOrNull = (text: string) =>
  text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;

function toInput(values: FormValues): DiscountInput {
  return {
    code: values.code.trim(),
    kind: values.kind,
    type: values.type,
    value: discountValueFromText(values.value) ?? Number.NaN,
    // A loyalty discount's N counts paid orders; it lowers every shipment once assigned.
    frequency: values.kind === 'loyalty' ? 'each' : values.frequency,
    frequencyIndex: wholeOrNull(values.frequencyIndex),
    status: values.status,
    maxCount: wholeOrNull(values.maxCount),
    leftCount: wholeOrNull(values.leftCount),
    // An unreadable date goes as typed: the shared rule answers "Enter a valid date." beside it.
    validFrom: toDbDate(values.validFrom) ?? values.validFrom,
    validTill: toDbDate(values.validTill) ?? values.validTill,
    userType: values.userType,
  };
}

/** Mantine's default hint and error colours are below WCAG AA on white: darker shades. */
const READABLE = {
  descriptionProps: { c: 'gray.7' },
  errorProps: { c: 'red.9' },
  styles: { input: { color: 'var(--mantine-color-text)' } },
} as const;

/** `/admin/discounts/create` and `/admin/discounts/edit/:id`. */
export default function DiscountFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(NAMESPACE);
  const existing = useAdminDiscount(id);
  if (id !== undefined && existing.isPending) return <Loader aria-label={t('loading')} />;
  if (id !== undefined && (existing.isError || !existing.data)) {
    return <Alert color="red">{t('discounts.loadFailed')}</Alert>;
  }
  // Keyed so that the form starts again from the stored values after another discount is opened.
  return <DiscountForm key={id ?? 'new'} discount={existing.data} />;
}

function DiscountForm({ discount }: { discount?: AdminDiscount }) {
  const { t } = useTranslation(NAMESPACE);
  const { notify, translateServerMessage } = usePlatform();
  const navigate = useNavigate();
  const [values, setValues] = useState<FormValues>(discount ? formValues(discount) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveDiscount(discount?.id);
  const deactivate = useDeactivateDiscount(discount?.id ?? 0);
  const set = <K extends keyof FormValues>(name: K, value: FormValues[K]) =>
    setValues((current) => ({ ...current, [name]: value }));
  const error = (name: string) => (errors[name] ? translateServerMessage(errors[name]) : undefined);

  const field = (name: keyof FormValues) => ({
    ...READABLE,
    value: values[name],
    error: error(name),
    onChange: (event: { currentTarget: { value: string } }) => set(name, event.currentTarget.value as never),
  });
  const choice = <T extends string>(name: keyof FormValues, options: readonly T[], label: string, prefix: string) => (
    <Radio.Group
      label={label}
      value={values[name]}
      onChange={(value) => set(name, value as never)}
      error={error(name)}
      errorProps={READABLE.errorProps}
    >
      <Group mt={4}>
        {options.map((option) => (
          <Radio key={option} value={option} label={t(`${prefix}.${option}`)} />
        ))}
      </Group>
    </Radio.Group>
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = toInput(values);
    // The same rules the API runs (shared-contracts), so most mistakes show before the round trip;
    // the periods of the other discounts only the API knows.
    const local = checkDiscount(input, rigaDate(), discount ?? null);
    if (local.length > 0) {
      setErrors(Object.fromEntries(local.map((violation) => [violation.propertyPath, violation.message])));
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(input);
      notify('success', t(discount ? 'discounts.saved' : 'discounts.created', { code: saved.code }));
      navigate(`/admin/discounts/edit/${saved.id}`, { replace: discount !== undefined });
    } catch (failure) {
      const violations = fieldErrorsOf(failure);
      if (violations) setErrors(violations);
      else notify('error', t('discounts.saveFailed'));
    }
  };

  const end = async () => {
    try {
      await deactivate.mutateAsync();
      notify('success', t('discounts.deactivated'));
      setValues((current) => ({ ...current, status: 'inactive' }));
    } catch {
      notify('error', t('discounts.saveFailed'));
    }
  };

  const title = discount ? t('pages.discountEdit') : t('pages.discountCreate');
  const loyalty = values.kind === 'loyalty';
  return (
    <Stack gap="md" maw={680}>
      <DiscountsBreadcrumbs current={title} />
      <PageHeading>{title}</PageHeading>
      {discount && (
        <Text size="sm" c="gray.7" data-testid="discount-usage">
          {t('discounts.usage', { used: discount.usageCount, left: discount.leftCount ?? t('discounts.unlimited') })}
        </Text>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('discounts.fields.code')}
            description={t('discounts.hints.code')}
            required
            maxLength={50}
            autoCapitalize="characters"
            {...field('code')}
          />
          {choice('kind', DISCOUNT_KINDS, t('discounts.fields.kind'), 'discounts.kinds')}
          {choice('type', DISCOUNT_TYPES, t('discounts.fields.type'), 'discounts.types')}
          <TextInput
            label={t(values.type === 'percentage' ? 'discounts.fields.percentage' : 'discounts.fields.fixedPrice')}
            description={t(values.type === 'percentage' ? 'discounts.hints.percentage' : 'discounts.hints.fixedPrice')}
            required
            inputMode="decimal"
            {...field('value')}
          />
          {!loyalty &&
            choice('frequency', DISCOUNT_FREQUENCIES, t('discounts.fields.frequency'), 'discounts.frequencies')}
          {(loyalty || values.frequency !== 'each') && (
            <TextInput
              label={t(loyalty ? 'discounts.fields.loyaltyOrders' : 'discounts.fields.frequencyIndex')}
              description={t(loyalty ? 'discounts.hints.loyaltyOrders' : 'discounts.hints.frequencyIndex')}
              required
              inputMode="numeric"
              {...field('frequencyIndex')}
            />
          )}
          {choice('userType', DISCOUNT_USER_TYPES, t('discounts.fields.userType'), 'discounts.userTypes')}
          <Group grow align="start">
            <TextInput
              label={t('discounts.fields.validFrom')}
              description={t('discounts.hints.date')}
              required
              {...field('validFrom')}
            />
            <TextInput
              label={t('discounts.fields.validTill')}
              description={t('discounts.hints.date')}
              required
              {...field('validTill')}
            />
          </Group>
          <Group grow align="start">
            <TextInput
              label={t('discounts.fields.maxCount')}
              description={t('discounts.hints.maxCount')}
              inputMode="numeric"
              {...field('maxCount')}
            />
            <TextInput
              label={t('discounts.fields.leftCount')}
              description={t('discounts.hints.leftCount')}
              inputMode="numeric"
              {...field('leftCount')}
            />
          </Group>
          {choice('status', DISCOUNT_STATUSES, t('discounts.fields.status'), 'discounts.statuses')}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t(discount ? 'discounts.save' : 'discounts.create')}
            </Button>
            {discount && discount.status === 'active' && (
              <Button variant="default" onClick={end} loading={deactivate.isPending}>
                {t('discounts.deactivate')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
