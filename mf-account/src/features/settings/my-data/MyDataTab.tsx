import { usePlatform } from '@portal/shared-contracts/react';
import { Stack } from '@portal/shared-contracts/ui';
import { CompanySection } from './CompanySection';
import { SenderProfileForm } from './SenderProfileForm';

/** The My data tab: the sender profile, and a company account's users and branches. */
export function MyDataTab() {
  const { session } = usePlatform();
  const account = session?.activeAccount;
  if (!session?.user || !account) return null;
  return (
    <Stack gap="lg">
      <SenderProfileForm key={`${session.user.id}-${account.id}`} />
      {account.type === 'company' && <CompanySection accountId={account.id} />}
    </Stack>
  );
}
