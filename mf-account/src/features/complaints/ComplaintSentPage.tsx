import { PageHeading, usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Link, useSearchParams } from '@portal/shared-contracts/router';
import { Alert, Anchor, Stack, Text } from '@portal/shared-contracts/ui';
import { catalogues, NAMESPACE } from '../../i18n';
import { MyComplaints } from './MyComplaints';

/** `/complaint-sent`: the confirmation with the submission number, and the signed-in user's list. */
export function ComplaintSentPage() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { session } = usePlatform();
  const [params] = useSearchParams();
  const number = params.get('number');
  return (
    <Stack gap="md" maw={720}>
      <PageHeading>{t('pages.complaintSent')}</PageHeading>
      <Alert color="green" role="status" data-testid="complaint-sent">
        <Text>{t('complaint.sent')}</Text>
        {number && <Text fw={600}>{t('complaint.submissionNumberIs', { number })}</Text>}
      </Alert>
      {session?.user ? (
        <MyComplaints />
      ) : (
        <Anchor component={Link} to="/">
          {t('complaint.home')}
        </Anchor>
      )}
    </Stack>
  );
}
