import { formatFileSize, toDisplayDate } from '@portal/shared-contracts';
import { usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { catalogues, NAMESPACE } from '../../i18n';
import { type ComplaintAttachment, useDownloadAttachment, useMyComplaints } from './api';

/** The signed-in user's complaints with their status and the post's answer (SPEC §3 Notification labels). */
export function MyComplaints() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { session, translateServerMessage } = usePlatform();
  const { data, error, isPending } = useMyComplaints(Boolean(session?.user));
  const members = data?.['hydra:member'] ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-complaints">
      <Title order={2} size="h3" id="my-complaints">
        {t('complaint.mine')}
      </Title>
      {error ? (
        <Alert color="red" role="alert">
          {translateServerMessage(error)}
        </Alert>
      ) : isPending ? (
        <Loader aria-label={t('complaint.loading')} />
      ) : members.length === 0 ? (
        <Text>{t('complaint.none')}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="complaints-list">
          {members.map((complaint) => (
            <Paper component="li" withBorder p="sm" key={complaint.id} data-testid="complaint-item">
              <Group justify="space-between">
                <Text fw={600}>{t('complaint.submissionNumberIs', { number: complaint.submissionNumber })}</Text>
                <Badge color={complaint.status === 'answered' ? 'green' : 'blue'}>
                  {t(`complaint.status.${complaint.status}`)}
                </Badge>
              </Group>
              <Text size="sm">
                {toDisplayDate(complaint.createdAt)} · {t(`complaint.types.${complaint.type}`)}
              </Text>
              <Text size="sm" lineClamp={3}>
                {complaint.description}
              </Text>
              {complaint.attachments.length > 0 && <Attachments attachments={complaint.attachments} />}
              <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="complaint-answer">
                <strong>{t('complaint.answer')}:</strong>{' '}
                {complaint.answer
                  ? `${complaint.answeredAt ? `${toDisplayDate(complaint.answeredAt)} · ` : ''}${complaint.answer}`
                  : t('complaint.noAnswer')}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      <Anchor component={Link} to="/complaint">
        {t('complaint.new')}
      </Anchor>
    </Stack>
  );
}

/** A complaint's files, each downloadable by its complainant. */
function Attachments({ attachments }: { attachments: ComplaintAttachment[] }) {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { locale, translateServerMessage } = usePlatform();
  const download = useDownloadAttachment();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {t('complaint.files')}
      </Text>
      <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }} data-testid="complaint-files">
        {attachments.map((attachment) => (
          <li key={attachment.id}>
            <Button
              variant="subtle"
              size="compact-sm"
              px={0}
              loading={download.isPending && download.variables?.id === attachment.id}
              onClick={() => download.mutate(attachment)}
              aria-label={t('complaint.downloadFile', { name: attachment.fileName })}
            >
              {attachment.fileName} ({formatFileSize(attachment.size, locale)})
            </Button>
            {attachment.field === 'proofOfValue' && (
              <Text span size="xs" ml="xs">
                {t('complaint.proofOfValueShort')}
              </Text>
            )}
          </li>
        ))}
      </Stack>
      {download.error && (
        <Text size="sm" role="alert" style={{ color: 'var(--mantine-color-error)' }}>
          {translateServerMessage(download.error)}
        </Text>
      )}
    </Stack>
  );
}
