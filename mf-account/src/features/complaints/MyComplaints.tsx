import { toDisplayDate } from '@portal/shared-contracts';
import { usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Link } from '@portal/shared-contracts/router';
import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { catalogues, NAMESPACE } from '../../i18n';
import { useMyComplaints } from './api';

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
          {translateServerMessage(error.message)}
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
              <Text size="sm">
                <strong>{t('complaint.answer')}:</strong> {complaint.answer ?? t('complaint.noAnswer')}
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
