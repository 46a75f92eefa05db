import { Title } from '@portal/shared-contracts/ui';
import { usePageTitle } from './page-title';

/** A page's one h1; it also sets the document title (shell pages and remote pages alike). */
export function PageHeading({ children }: { children: string }) {
  usePageTitle(children);
  return (
    <Title order={1} mb="md">
      {children}
    </Title>
  );
}
