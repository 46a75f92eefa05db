import { Checkbox, Group, SegmentedControl, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { Fieldset, Radio, Stepper, Textarea } from '@portal/shared-contracts/ui/forms';
import { Select } from '@portal/shared-contracts/ui/overlays';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { GuideSection } from './GuideSection';

/** The form controls of the UI kit as the order forms use them: label, hint, error beside the field. */
export function FormControlsSection() {
  const { t } = useTranslation(NAMESPACE);
  const [step, setStep] = useState(1);
  const [size, setSize] = useState('m');
  return (
    <GuideSection id="forms" title={t('styleGuide.forms.title')}>
      <Stack gap="lg">
        <Stepper active={step} onStepClick={setStep} size="sm" aria-label={t('styleGuide.forms.stepper')}>
          <Stepper.Step label={t('styleGuide.forms.steps.shipment')} />
          <Stepper.Step label={t('styleGuide.forms.steps.parties')} />
          <Stepper.Step label={t('styleGuide.forms.steps.summary')} />
        </Stepper>
        <Fieldset legend={t('styleGuide.forms.receiver')}>
          <Stack gap="sm">
            <TextInput
              label={t('styleGuide.forms.name')}
              description={t('styleGuide.forms.nameHint')}
              defaultValue="Līga Bērziņa"
              required
            />
            <TextInput
              label={t('styleGuide.forms.email')}
              defaultValue="liga@example"
              error={t('styleGuide.forms.emailError')}
              type="email"
            />
            <Select
              label={t('styleGuide.forms.country')}
              data={[
                { value: 'LV', label: t('styleGuide.forms.countries.LV') },
                { value: 'LT', label: t('styleGuide.forms.countries.LT') },
                { value: 'EE', label: t('styleGuide.forms.countries.EE') },
              ]}
              defaultValue="LT"
              allowDeselect={false}
            />
            <Textarea label={t('styleGuide.forms.comment')} autosize minRows={2} />
          </Stack>
        </Fieldset>
        <Group align="flex-start" gap="xl">
          <Radio.Group label={t('styleGuide.forms.handOver')} defaultValue="locker">
            <Stack gap={6} mt={6}>
              <Radio value="locker" label={t('styleGuide.forms.locker')} />
              <Radio value="office" label={t('styleGuide.forms.office')} />
              <Radio value="courier" label={t('styleGuide.forms.courier')} disabled />
            </Stack>
          </Radio.Group>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('styleGuide.forms.services')}
            </Text>
            <Checkbox label={t('styleGuide.forms.fragile')} defaultChecked />
            <Checkbox label={t('styleGuide.forms.insurance')} />
            <Checkbox label={t('styleGuide.forms.terms')} error={t('styleGuide.forms.termsError')} />
          </Stack>
        </Group>
        <Stack gap={6}>
          <Text size="sm" fw={500} id="guide-size-label">
            {t('styleGuide.forms.size')}
          </Text>
          <SegmentedControl
            aria-labelledby="guide-size-label"
            value={size}
            onChange={setSize}
            data={['S', 'M', 'L'].map((value) => ({ value: value.toLowerCase(), label: value }))}
            w="fit-content"
          />
        </Stack>
      </Stack>
    </GuideSection>
  );
}
