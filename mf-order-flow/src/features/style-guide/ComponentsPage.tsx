import { PageHeading } from '@portal/shared-contracts/react';
import { Box, Stack, Text } from '@portal/shared-contracts/ui';
import { Grid } from '@portal/shared-contracts/ui/forms';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { ButtonsSection, FeedbackSection } from './ActionSections';
import { FormControlsSection } from './FormControlsSection';
import { IconsSection, PaletteSection, TypographySection } from './IdentitySections';
import { SampleOrderSummary } from './SampleOrderSummary';

/**
 * SPEC §2 `/components`: the sidebar layout with a forms page and an order-line summary sidebar,
 * kept as the portal's living style guide: every control of the UI kit in the portal's theme, in
 * the page's language, so that a change to the theme or the kit is seen in one place.
 */
export default function ComponentsPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <PageHeading>{t('pages.components')}</PageHeading>
      <Text mb="lg" maw={760}>
        {t('styleGuide.intro')}
      </Text>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xl">
            <FormControlsSection />
            <ButtonsSection />
            <FeedbackSection />
            <TypographySection />
            <PaletteSection />
            <IconsSection />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Box pos={{ base: 'static', md: 'sticky' }} top={76}>
            <SampleOrderSummary />
          </Box>
        </Grid.Col>
      </Grid>
    </>
  );
}
