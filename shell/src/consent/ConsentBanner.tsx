import { Link } from '@portal/shared-contracts/router';
import { Anchor, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@portal/shared-contracts/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_CONSENT, type Consent, DEFAULT_CONSENT } from './consent';
import { useConsentStore } from './consent-store';

/** Shown until the visitor makes a valid choice, and again from the footer's "Cookie settings". */
export function ConsentBanner({ forceOpen, onClose }: { forceOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { consent, decided, save } = useConsentStore();
  const [customizing, setCustomizing] = useState(false);
  const [draft, setDraft] = useState<Consent>(consent);
  if (decided && !forceOpen) return null;

  const choose = (next: Consent) => {
    save(next);
    setCustomizing(false);
    onClose();
  };
  const toggle = (flag: 'statistical' | 'preferences' | 'marketing') => (checked: boolean) =>
    setDraft((current) => ({ ...current, [flag]: checked }));

  return (
    <Paper
      component="section"
      aria-labelledby="consent-title"
      shadow="lg"
      p="md"
      withBorder
      pos="fixed"
      bottom={16}
      left={16}
      maw={520}
      style={{ zIndex: 300 }}
      data-testid="consent-banner"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="consent-title">
          {t('consent.title')}
        </Title>
        <Text size="sm">
          {t('consent.text')}{' '}
          <Anchor component={Link} to="/cookie-policy" size="sm">
            {t('consent.policy')}
          </Anchor>
        </Text>
        {customizing && (
          <Stack gap="xs">
            <Checkbox label={t('consent.necessary')} checked disabled />
            <Checkbox
              label={t('consent.statistical')}
              checked={draft.statistical}
              onChange={(e) => toggle('statistical')(e.currentTarget.checked)}
            />
            <Checkbox
              label={t('consent.preferences')}
              checked={draft.preferences}
              onChange={(e) => toggle('preferences')(e.currentTarget.checked)}
            />
            <Checkbox
              label={t('consent.marketing')}
              checked={draft.marketing}
              onChange={(e) => toggle('marketing')(e.currentTarget.checked)}
            />
          </Stack>
        )}
        <Group gap="xs">
          <Button onClick={() => choose(ALL_CONSENT)}>{t('consent.acceptAll')}</Button>
          <Button variant="default" onClick={() => choose(DEFAULT_CONSENT)}>
            {t('consent.necessaryOnly')}
          </Button>
          {customizing ? (
            <Button variant="subtle" onClick={() => choose(draft)}>
              {t('consent.save')}
            </Button>
          ) : (
            <Button
              variant="subtle"
              onClick={() => {
                setDraft(consent);
                setCustomizing(true);
              }}
            >
              {t('consent.customize')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
