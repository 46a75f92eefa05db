import { toDisplayDateTime } from '@portal/shared-contracts';
import { COMPANY_APPLICATION_STATUSES, type CompanyApplicationStatus } from '@portal/shared-contracts/account';
import { hasAdminRole } from '@portal/shared-contracts/admin';
import { PageHeading, usePlatform } from '@portal/shared-contracts/react';
import { Link, useSearchParams } from '@portal/shared-contracts/router';
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Text } from '@portal/shared-contracts/ui';
import { Pagination } from '@portal/shared-contracts/ui/forms';
import { Table } from '@portal/shared-contracts/ui/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Breadcrumbs, FilterControl } from '../../shared/list';
import { type CompanyApplication, fullName, USERS_PER_PAGE, useCompanyApplications, useDecideApplication } from './api';
import { ScrollableTable } from './ScrollableTable';
import { UsersSectionLinks } from './UsersSectionLinks';

const STATUS_COLORS: Record<CompanyApplicationStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
};

/**
 * `/admin/users/applications`: company applications (SPEC §1) newest first; an administrator
 * approves one (the company account is created, its applicant the main administrator) or rejects it.
 * Customer service sees them without the buttons (the API refuses them too).
 */
export default function ApplicationsPage() {
  const { t } = useTranslation(NAMESPACE);
  const { session } = usePlatform();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: CompanyApplicationStatus | '' =
    statusParam === 'all'
      ? ''
      : (COMPANY_APPLICATION_STATUSES as readonly string[]).includes(statusParam ?? '')
        ? (statusParam as CompanyApplicationStatus)
        : 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError } = useCompanyApplications(status, page);
  const mayDecide = hasAdminRole(session?.user?.adminRoles, []);
  const total = data?.['hydra:totalItems'] ?? 0;

  return (
    <Stack gap="md">
      <Breadcrumbs
        items={[{ label: t('pages.users'), to: '/admin/users' }, { label: t('pages.companyApplications') }]}
      />
      <PageHeading>{t('pages.companyApplications')}</PageHeading>
      <UsersSectionLinks current="applications" />
      <FilterControl
        aria-label={t('users.status')}
        value={status || 'all'}
        onChange={(value) => setParams({ status: value })}
        data={[...COMPANY_APPLICATION_STATUSES, 'all'].map((value) => ({
          value,
          label: t(`applications.statuses.${value}`),
        }))}
      />
      {isError && <Alert color="red">{t('users.loadFailed')}</Alert>}
      {isPending && <Loader aria-label={t('loading')} />}
      {data && (
        <>
          <Text size="sm" aria-live="polite">
            {t('applications.count', { count: total })}
          </Text>
          <ScrollableTable label={t('pages.companyApplications')} minWidth={900}>
            <Table striped data-testid="applications-table">
              <Table.Thead>
                <Table.Tr>
                  {['createdAt', 'companyName', 'registrationNumber', 'vatNumber', 'contact', 'iban', 'applicant'].map(
                    (column) => (
                      <Table.Th key={column}>{t(`applications.fields.${column}`)}</Table.Th>
                    ),
                  )}
                  <Table.Th>{t('users.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data['hydra:member'].map((application) => (
                  <ApplicationRow key={application.id} application={application} mayDecide={mayDecide} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollableTable>
          {total > USERS_PER_PAGE && (
            <Pagination
              total={Math.ceil(total / USERS_PER_PAGE)}
              value={page}
              onChange={(value) => setParams({ status: status || 'all', page: String(value) })}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function ApplicationRow({ application, mayDecide }: { application: CompanyApplication; mayDecide: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const { notify, translateServerMessage } = usePlatform();
  const decide = useDecideApplication();
  const [confirming, setConfirming] = useState<'approve' | 'reject' | null>(null);
  const run = async (action: 'approve' | 'reject') => {
    try {
      await decide.mutateAsync({ id: application.id, action });
      notify('success', t(`applications.done.${action}`, { company: application.companyName }));
    } catch (error) {
      notify('error', translateServerMessage(error instanceof Error ? error : String(error)));
    } finally {
      setConfirming(null);
    }
  };
  return (
    <Table.Tr data-testid={`application-${application.id}`}>
      <Table.Td>{toDisplayDateTime(application.createdAt)}</Table.Td>
      <Table.Td>{application.companyName}</Table.Td>
      <Table.Td>{application.registrationNumber}</Table.Td>
      <Table.Td>{application.vatNumber ?? '—'}</Table.Td>
      <Table.Td>
        {[
          application.email,
          application.phone && `+${application.phonePrefix ?? ''} ${application.phone}`,
          application.address,
        ]
          .filter(Boolean)
          .join(', ')}
      </Table.Td>
      <Table.Td>{application.iban ?? '—'}</Table.Td>
      <Table.Td>
        <Anchor component={Link} to={`/admin/users/show/${application.applicant.id}`}>
          {fullName(application.applicant) || application.applicant.email}
        </Anchor>
      </Table.Td>
      <Table.Td>
        {application.status === 'pending' && mayDecide ? (
          confirming ? (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm">{t(`applications.confirm.${confirming}`)}</Text>
              <Button
                size="xs"
                color={confirming === 'approve' ? 'green' : 'red'}
                onClick={() => void run(confirming)}
                loading={decide.isPending}
              >
                {t('users.yes')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirming(null)}>
                {t('users.no')}
              </Button>
            </Group>
          ) : (
            <Group gap="xs" wrap="nowrap">
              <Button
                size="xs"
                color="green"
                onClick={() => setConfirming('approve')}
                aria-label={t('applications.approveOf', { company: application.companyName })}
              >
                {t('applications.approve')}
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                onClick={() => setConfirming('reject')}
                aria-label={t('applications.rejectOf', { company: application.companyName })}
              >
                {t('applications.reject')}
              </Button>
            </Group>
          )
        ) : (
          <Badge color={STATUS_COLORS[application.status]} variant="light">
            {t(`applications.statuses.${application.status}`)}
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
