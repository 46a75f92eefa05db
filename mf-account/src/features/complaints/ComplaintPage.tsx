import { ApplicationError, fieldErrorsOf, messagesByField, toDbDate } from '@portal/shared-contracts';
import {
  COMPLAINANTS,
  COMPLAINT_TYPES,
  type ComplaintFileField,
  type ComplaintInput,
  complaintFileViolations,
  complaintViolations,
  DAMAGE_TYPES,
  MAX_COMPLAINT_ATTACHMENTS,
  MAX_COMPLAINT_DESCRIPTION,
  PROBLEM_TYPES,
} from '@portal/shared-contracts/complaints';
import { PageHeading, usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { useNavigate, useParams, useSearchParams } from '@portal/shared-contracts/router';
import { Alert, Button, Checkbox, Loader, Stack, TextInput } from '@portal/shared-contracts/ui';
import { Radio, Textarea } from '@portal/shared-contracts/ui/forms';
import { type FormEvent, useEffect, useState } from 'react';
import { catalogues, NAMESPACE } from '../../i18n';
import { useComplaintOrder, useFileComplaint } from './api';
import { FileField } from './FileField';

type Errors = Record<string, string>;
/** Mantine's default hint grey is below the 4.5:1 contrast of WCAG AA on white (axe). */
const READABLE_HINT = { c: 'gray.7' } as const;
type TextField = Exclude<keyof ComplaintInput, 'isCompany' | 'hasContract' | 'orderId'>;

/**
 * `/complaint/{orderId?}` (SPEC §2, §3 Complaint): the form of a complaint or refund request. With
 * an order id (the order's key) the complaint is about that order of the caller's; anyone else's
 * order is "not found" like a missing one. The rules are the shared ones the API applies. The
 * shipment number comes filled in (issue 40): the order's, or the one tracking's "File a complaint"
 * names (`?shipmentNumber=`), whose order, when it is the caller's, the API links to the complaint.
 */
export function ComplaintPage() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { translateServerMessage } = usePlatform();
  const { orderId } = useParams();
  const [search] = useSearchParams();
  const order = useComplaintOrder(orderId);
  const named = search.get('shipmentNumber')?.trim() ?? '';
  return (
    <Stack gap="md" maw={720}>
      <PageHeading>{t('pages.complaint')}</PageHeading>
      {orderId === undefined ? (
        <ComplaintForm shipmentNumber={named} />
      ) : order.isPending ? (
        <Loader aria-label={t('complaint.loading')} />
      ) : order.error ? (
        <Alert color="red" role="alert" data-testid="complaint-order-error">
          {translateServerMessage(order.error)}
        </Alert>
      ) : (
        <ComplaintForm orderKey={order.data.orderKey} shipmentNumber={order.data.shipmentNumbers[0] ?? named} />
      )}
    </Stack>
  );
}

function ComplaintForm({ orderKey, shipmentNumber }: { orderKey?: string; shipmentNumber: string }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { session, translateServerMessage } = usePlatform();
  const navigate = useNavigate();
  const file = useFileComplaint();
  const user = session?.user;
  const sessionName = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  const sessionEmail = session?.activeAccount?.email ?? user?.email ?? '';
  const [values, setValues] = useState<Record<TextField, string>>(() => ({
    type: '',
    problemType: '',
    source: 'web',
    fullName: sessionName,
    email: sessionEmail,
    phone: '',
    companyName: '',
    registrationNumber: '',
    shipmentNumber,
    complainant: orderKey ? 'sender' : '',
    contractNumber: '',
    damageType: '',
    description: '',
    shipmentValue: '',
    refundIban: '',
    comment: '',
    discoveredOn: '',
  }));
  // The session can become known after the form is shown (a link to /complaint/{order} opened while
  // the portal still checks who is signed in: the order came first): its name and e-mail then fill the
  // fields still empty, never over what the complainant typed. They had stayed empty (CI, 1 run in 2).
  // Unchanged values are kept as they are: a new object would draw the whole form again on mount.
  useEffect(() => {
    setValues((current) =>
      (current.fullName || !sessionName) && (current.email || !sessionEmail)
        ? current
        : { ...current, fullName: current.fullName || sessionName, email: current.email || sessionEmail },
    );
  }, [sessionName, sessionEmail]);
  const [files, setFiles] = useState<Record<ComplaintFileField, File[]>>({ attachments: [], proofOfValue: [] });
  const [isCompany, setIsCompany] = useState(false);
  const [hasContract, setHasContract] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  const error = (name: string) => (errors[name] ? translateServerMessage(errors[name]) : undefined);
  // A changed list renumbers its files: their old messages no longer point at the right one.
  const changeFiles = (field: ComplaintFileField, list: File[]) => {
    setFiles((current) => ({ ...current, [field]: list }));
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([path]) => path !== field && !path.startsWith(`${field}[`))),
    );
  };
  const text = (name: TextField) => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
    },
    error: error(name),
  });
  const choice = (name: TextField, options: readonly string[], labels: string, required = true) => (
    <Radio.Group
      label={t(`complaint.${name}`)}
      withAsterisk={required}
      value={values[name]}
      onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
      error={error(name)}
      data-testid={`complaint-${name}`}
    >
      <Stack gap={6} mt={6}>
        {options.map((option) => (
          <Radio key={option} value={option} label={t(`complaint.${labels}.${option}`)} />
        ))}
      </Stack>
    </Radio.Group>
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input: ComplaintInput = { ...values, isCompany, hasContract };
    const chosen = (['attachments', 'proofOfValue'] as const).flatMap((field) =>
      files[field].map(({ name, size }) => ({ field, name, size })),
    );
    // The form checks names, sizes and the count; the API checks them again and reads the content.
    const found = [...complaintViolations(input, toDbDate(new Date()) ?? ''), ...complaintFileViolations(chosen)];
    setErrors(messagesByField(found));
    if (found.length > 0) return;
    try {
      const filed = await file.mutateAsync({ body: { ...input, ...(orderKey ? { orderKey } : {}) }, files });
      navigate(`/complaint-sent?number=${encodeURIComponent(filed.submissionNumber ?? '')}`);
    } catch (failure) {
      const violations = fieldErrorsOf(failure);
      if (violations) {
        setErrors(violations);
      }
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('pages.complaint')}>
      <Stack gap="md">
        {choice('type', COMPLAINT_TYPES, 'types')}
        {choice('problemType', PROBLEM_TYPES, 'problemTypes', false)}
        {choice('complainant', COMPLAINANTS, 'complainants')}
        <TextInput label={t('complaint.fullName')} withAsterisk autoComplete="name" {...text('fullName')} />
        <TextInput label={t('complaint.email')} withAsterisk type="email" autoComplete="email" {...text('email')} />
        <TextInput label={t('complaint.phone')} type="tel" autoComplete="tel" {...text('phone')} />
        <Checkbox
          label={t('complaint.isCompany')}
          checked={isCompany}
          onChange={(event) => setIsCompany(event.currentTarget.checked)}
        />
        {isCompany && (
          <>
            <TextInput label={t('complaint.companyName')} withAsterisk {...text('companyName')} />
            <TextInput
              label={t('complaint.registrationNumber')}
              withAsterisk
              descriptionProps={READABLE_HINT}
              description={t('complaint.registrationNumberHint')}
              {...text('registrationNumber')}
            />
          </>
        )}
        <TextInput label={t('complaint.shipmentNumber')} placeholder="AB00000000LV" {...text('shipmentNumber')} />
        <Checkbox
          label={t('complaint.hasContract')}
          checked={hasContract}
          onChange={(event) => setHasContract(event.currentTarget.checked)}
        />
        {hasContract && <TextInput label={t('complaint.contractNumber')} withAsterisk {...text('contractNumber')} />}
        {choice('damageType', DAMAGE_TYPES, 'damageTypes')}
        <Textarea
          label={t('complaint.description')}
          withAsterisk
          autosize
          minRows={4}
          descriptionProps={READABLE_HINT}
          description={t('complaint.descriptionHint', { limit: MAX_COMPLAINT_DESCRIPTION })}
          {...text('description')}
        />
        <TextInput
          label={t('complaint.discoveredOn')}
          placeholder="DD.MM.YYYY"
          descriptionProps={READABLE_HINT}
          description={t('complaint.discoveredOnHint')}
          {...text('discoveredOn')}
        />
        <TextInput label={t('complaint.shipmentValue')} inputMode="decimal" {...text('shipmentValue')} />
        <TextInput label={t('complaint.refundIban')} withAsterisk autoComplete="off" {...text('refundIban')} />
        <Textarea label={t('complaint.comment')} autosize minRows={2} {...text('comment')} />
        <FileField
          field="attachments"
          label={t('complaint.attachments')}
          hint={t('complaint.attachmentsHint', { count: MAX_COMPLAINT_ATTACHMENTS })}
          multiple
          files={files.attachments}
          onChange={(list) => changeFiles('attachments', list)}
          errorOf={error}
        />
        <FileField
          field="proofOfValue"
          label={t('complaint.proofOfValue')}
          hint={t('complaint.proofOfValueHint')}
          multiple={false}
          files={files.proofOfValue}
          onChange={(list) => changeFiles('proofOfValue', list)}
          errorOf={error}
        />
        {file.error && !(file.error instanceof ApplicationError && file.error.violations.length > 0) && (
          <Alert color="red" role="alert">
            {translateServerMessage(file.error)}
          </Alert>
        )}
        <Button type="submit" loading={file.isPending} data-testid="complaint-submit">
          {t('complaint.submit')}
        </Button>
      </Stack>
    </form>
  );
}
