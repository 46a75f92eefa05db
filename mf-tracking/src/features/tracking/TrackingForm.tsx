import { useNavigate } from '@portal/shared-contracts/router';
import { Button, Group, TextInput } from '@portal/shared-contracts/ui';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';

/** The shipment-number field; `onTrack` gets the number without spaces, in capitals. */
export function TrackingNumberForm({
  initialNumber = '',
  onTrack,
}: {
  initialNumber?: string;
  onTrack: (number: string) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [number, setNumber] = useState(initialNumber);
  // An empty field is refused beside it, not in silence (issue 40).
  const [missing, setMissing] = useState(false);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cleaned = number.replace(/\s+/g, '').toUpperCase();
    setMissing(!cleaned);
    if (cleaned) onTrack(cleaned);
  };
  return (
    <search>
      <form onSubmit={submit} aria-labelledby={`${id}-label`}>
        <Group align="end" gap="sm" wrap="nowrap">
          <TextInput
            id={id}
            label={<span id={`${id}-label`}>{t('form.number')}</span>}
            placeholder={t('form.placeholder')}
            value={number}
            onChange={(event) => {
              setNumber(event.currentTarget.value);
              setMissing(false);
            }}
            error={missing ? t('form.required') : undefined}
            maxLength={64}
            autoComplete="off"
            style={{ flex: 1 }}
          />
          <Button type="submit">{t('form.submit')}</Button>
        </Group>
      </form>
    </search>
  );
}

/** The field as the home card and the tracking page use it: it opens `/track?number=…`. */
export function TrackingForm({ initialNumber = '' }: { initialNumber?: string }) {
  const navigate = useNavigate();
  return (
    <TrackingNumberForm
      initialNumber={initialNumber}
      onTrack={(number) => navigate(`/track?number=${encodeURIComponent(number)}`)}
    />
  );
}
