import { Box, Title } from '@portal/shared-contracts/ui';
import type { ReactNode } from 'react';

/** One part of the style guide: a titled section a test and a screen reader can find by name. */
export function GuideSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`guide-${id}`} data-testid={`guide-${id}`}>
      <Title order={2} size="h3" id={`guide-${id}`} mb="sm">
        {title}
      </Title>
      {children}
    </Box>
  );
}
