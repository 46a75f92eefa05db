import { fieldErrorsOf, formatMoney, toDisplayDate, toDisplayDateTime } from '@portal/shared-contracts';
import {
  complaintAnswerViolations,
  MAX_COMPLAINT_ANSWER,
  REFUND_DECISIONS,
  SETTABLE_COMPLAINT_STATUSES,
} from '@portal/shared-contracts/complaints';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { useParams } from '@portal/shared-contracts/router';
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { Radio, Textarea } from '@portal/shared-contracts/ui/forms';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs } from '../../shared/list';
import {
  type AdminComplaint,
  useAdminComplaint,
  useAnswerComplaint,
  useDownloadAttachment,
  useHandleComplaint,
} from './api';

const READABLE = { errorProps: { c: 'red.9' }, descriptionProps: { c: 'gray.7' } } as const;

/** `/admin/complaints/show/:id`: one complaint, its files, its handling and the answer. */
export default function ComplaintShowPage() {
  const { id } = useParams();
  const { t } = useTranslation(NAMESPACE);
  const complaint = useAdminComplaint(id);
  if (complaint.isPending) return <Loader aria-label={t('loading')} />;
  if (complaint.isError) {
    return (
      <Alert color="red" role="alert">
        {t('complaints.loadFailed')}
      </Alert>
    );
  }
  return <ComplaintShow complaint={complaint.data} />;
}

function ComplaintShow({ complaint }: { complaint: AdminComplaint }) {
  const { t } = useTranslation(NAMESPACE);
  const number = complaint.submissionNumber ?? String(complaint.id);
  const optional = (value: string | null | undefined) => value || '—';
  const rows: [string, ReactNode][] = [
    ['createdAt', toDisplayDateTime(complaint.createdAt)],
    ['type', t(`complaints.types.${complaint.type}`, { defaultValue: complaint.type })],
    [
      'problemType',
      complaint.problemType
        ? t(`complaints.problemTypes.${complaint.problemType}`, { defaultValue: complaint.problemType })
        : '—',
    ],
    ['complainant', t(`complaints.complainants.${complaint.complainant}`, { defaultValue: complaint.complainant })],
    ['damageType', t(`complaints.damageTypes.${complaint.damageType}`, { defaultValue: complaint.damageType })],
    ['fullName', complaint.fullName],
    ['email', complaint.email],
    ['phone', optional(complaint.phone)],
    [
      'companyName',
      complaint.isCompany ? `${optional(complaint.companyName)} (${optional(complaint.registrationNumber)})` : '—',
    ],
    ['contractNumber', complaint.hasContract ? optional(complaint.contractNumber) : '—'],
    ['shipmentNumber', optional(complaint.shipmentNumber)],
    ['discoveredOn', complaint.discoveredOn ? toDisplayDate(complaint.discoveredOn) : '—'],
    ['shipmentValue', complaint.shipmentValueCents === null ? '—' : formatMoney(complaint.shipmentValueCents)],
    ['refundIban', complaint.refundIban],
    ['comment', optional(complaint.comment)],
  ];
  return (
    <Stack gap="md" maw={880}>
      <Breadcrumbs items={[{ label: t('pages.complaints'), to: '/admin/complaints' }]} />
      <PageHeading>{t('complaints.title', { number })}</PageHeading>
      <Group gap="xs">
        <Badge variant="light" color="dark" data-testid="complaint-status">
          {t(`complaints.statuses.${complaint.status}`)}
        </Badge>
        <Badge variant="light" color="dark" data-testid="complaint-refund">
          {t('complaints.refundBadge', { decision: t(`complaints.refundDecisions.${complaint.refundDecision}`) })}
        </Badge>
      </Group>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('complaints.description')}
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{complaint.description}</Text>
        <dl style={{ display: 'grid', gridTemplateColumns: 'minmax(10rem, max-content) 1fr', gap: '4px 16px' }}>
          {rows.map(([key, value]) => (
            <div key={key} style={{ display: 'contents' }}>
              <dt style={{ fontWeight: 600 }}>{t(`complaints.fields.${key}`)}</dt>
              <dd style={{ margin: 0 }}>{value}</dd>
            </div>
          ))}
        </dl>
      </Paper>
      {complaint.attachments.length > 0 && <Attachments complaint={complaint} />}
      <Handling complaint={complaint} />
      {complaint.status === 'answered' ? (
        <Paper withBorder p="md" data-testid="complaint-answer">
          <Title order={2} size="h4" mb="sm">
            {t('complaints.answer')}
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{complaint.answer}</Text>
          {complaint.answeredAt && (
            <Text size="sm" c="gray.7" mt="xs">
              {t('complaints.answeredAt', { at: toDisplayDateTime(complaint.answeredAt) })}
            </Text>
          )}
        </Paper>
      ) : (
        <AnswerForm complaint={complaint} />
      )}
    </Stack>
  );
}

/** The files, opened only with a staff member's sign-in (the API refuses anyone else). */
function Attachments({ complaint }: { complaint: AdminComplaint }) {
  const { t } = useTranslation(NAMESPACE);
  const { translateServerMessage } = usePlatform();
  const download = useDownloadAttachment();
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {t('complaints.attachments')}
      </Title>
      <Stack component="ul" gap={4} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {complaint.attachments.map((attachment) => (
          <li key={attachment.id}>
            <Anchor
              component="button"
              type="button"
              onClick={() => download.mutate(attachment)}
              aria-label={t('complaints.download', { name: attachment.fileName })}
            >
              {attachment.fileName}
            </Anchor>{' '}
            <Text span size="sm" c="gray.7">
              {t(attachment.field === 'proofOfValue' ? 'complaints.proofOfValue' : 'complaints.attachment')}
            </Text>
          </li>
        ))}
      </Stack>
      {download.error && (
        <Text size="sm" c="red.9" role="alert" mt="xs">
          {translateServerMessage(download.error)}
        </Text>
      )}
    </Paper>
  );
}

/** The status in the queue and the refund decision; each change is kept in the audit trail. */
function Handling({ complaint }: { complaint: AdminComplaint }) {
  const { t } = useTranslation(NAMESPACE);
  const { notify, translateServerMessage } = usePlatform();
  const handle = useHandleComplaint(complaint.id);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = async (field: 'status' | 'refundDecision', value: string) => {
    setErrors({});
    try {
      await handle.mutateAsync({ [field]: value });
      notify('success', t('complaints.handled'));
    } catch (error) {
      const violations = fieldErrorsOf(error);
      if (violations) setErrors(violations);
      else notify('error', t('complaints.saveFailed'));
    }
  };
  const errorOf = (field: string) => (errors[field] ? translateServerMessage(errors[field]) : undefined);
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {t('complaints.handling')}
      </Title>
      <Stack gap="sm">
        {complaint.status !== 'answered' && (
          <Radio.Group
            label={t('complaints.fields.status')}
            value={complaint.status}
            onChange={(value) => change('status', value)}
            error={errorOf('status')}
            {...READABLE}
          >
            <Group mt={4}>
              {SETTABLE_COMPLAINT_STATUSES.map((status) => (
                <Radio
                  key={status}
                  value={status}
                  label={t(`complaints.statuses.${status}`)}
                  disabled={handle.isPending}
                />
              ))}
            </Group>
          </Radio.Group>
        )}
        <Radio.Group
          label={t('complaints.fields.refundDecision')}
          description={
            complaint.shipmentValueCents === null
              ? undefined
              : t('complaints.refundAsked', { amount: formatMoney(complaint.shipmentValueCents) })
          }
          value={complaint.refundDecision}
          onChange={(value) => change('refundDecision', value)}
          error={errorOf('refundDecision')}
          {...READABLE}
        >
          <Group mt={4}>
            {REFUND_DECISIONS.map((decision) => (
              <Radio
                key={decision}
                value={decision}
                label={t(`complaints.refundDecisions.${decision}`)}
                disabled={handle.isPending}
              />
            ))}
          </Group>
        </Radio.Group>
      </Stack>
    </Paper>
  );
}

/** The answer: the complainant gets it by e-mail and sees it in their profile; sent once. */
function AnswerForm({ complaint }: { complaint: AdminComplaint }) {
  const { t } = useTranslation(NAMESPACE);
  const { notify, translateServerMessage } = usePlatform();
  const answer = useAnswerComplaint(complaint.id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The same rule the API runs (shared-contracts complaints).
    const [violation] = complaintAnswerViolations(text);
    if (violation) {
      setError(translateServerMessage(violation));
      return;
    }
    setError(undefined);
    try {
      await answer.mutateAsync(text);
      notify('success', t('complaints.answerSent'));
    } catch (failure) {
      const violations = fieldErrorsOf(failure);
      if (violations?.answer) setError(translateServerMessage(violations.answer));
      else notify('error', t('complaints.saveFailed'));
    }
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate>
      <Title order={2} size="h4" mb="sm">
        {t('complaints.answer')}
      </Title>
      <Stack gap="sm">
        <Textarea
          label={t('complaints.answerLabel')}
          description={t('complaints.answerHint', { email: complaint.email })}
          required
          autosize
          minRows={5}
          maxLength={MAX_COMPLAINT_ANSWER}
          value={text}
          error={error}
          onChange={(event) => setText(event.currentTarget.value)}
          {...READABLE}
        />
        <Group>
          <Button type="submit" loading={answer.isPending}>
            {t('complaints.sendAnswer')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
