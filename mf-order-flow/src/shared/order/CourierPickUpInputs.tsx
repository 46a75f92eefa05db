import { toDbDate } from '@portal/shared-contracts';
import { usePlatform } from '@portal/shared-contracts/react';
import { Group, Text, TextInput } from '@portal/shared-contracts/ui';
import { Fieldset, Textarea } from '@portal/shared-contracts/ui/forms';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { type CourierAvailability, courierAvailabilityQuery } from './api';

/** The courier's pick-up as typed: date DD.MM.YYYY, times HH:mm, a comment. */
export interface CourierPickUpDraft {
  /** DD.MM.YYYY as typed. */
  date: string;
  from: string;
  till: string;
  comment: string;
}

const LATVIAN_POST_CODE = /^LV-\d{4}$/;

/** The sentence beside the date: the courier's window and pick-ups left, or why it does not come. */
export function availabilityNote(t: TFunction, answer: CourierAvailability): { text: string; available: boolean } {
  switch (answer.reason) {
    case 'full':
      return { text: t('courier.availability.full'), available: false };
    case 'notWorkingDay':
      return { text: t('courier.availability.notWorkingDay'), available: false };
    case 'pastDate':
      return { text: t('courier.availability.pastDate'), available: false };
    case 'afterCutOff':
      return { text: t('courier.availability.afterCutOff', { time: answer.sameDayCutOff }), available: false };
    default: {
      const window = t('courier.availability.window', {
        from: answer.possiblePickUpTimesFrom,
        till: answer.possiblePickUpTimesTill,
      });
      const left =
        answer.remaining === null
          ? t('courier.availability.needsPostCode')
          : t('courier.availability.left', { count: answer.remaining });
      return { text: `${window} ${left}`, available: true };
    }
  }
}

/**
 * A courier pick-up (SPEC §5): date, time from and till, and a comment when `withComment`. Beside
 * the date it asks the API when the courier can come on that day to the sender's post code (once
 * both are known) and says so; the server checks the same again. The wizard's step 1 and the bulk
 * templates (issue 40 item 6) show these same fields, each with its own errors.
 */
export function CourierPickUpInputs({
  pickUp,
  onChange,
  senderPostCode,
  errors,
  withComment = true,
}: {
  pickUp: CourierPickUpDraft;
  onChange: (change: Partial<CourierPickUpDraft>) => void;
  senderPostCode: string;
  errors: Partial<Record<keyof CourierPickUpDraft, string | undefined>>;
  withComment?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { api } = usePlatform();
  const setPickUp = onChange;

  // Only a whole date is worth asking about; a post code still being typed is left out, not sent wrong.
  const date = toDbDate(pickUp.date);
  const postCode = senderPostCode.trim().toUpperCase();
  const availability = useQuery(
    courierAvailabilityQuery(api, { date, postCode: LATVIAN_POST_CODE.test(postCode) ? postCode : null }),
  );

  let note: { text: string; available: boolean } | null = null;
  if (date !== null) {
    if (availability.isPending) note = { text: t('courier.availability.checking'), available: true };
    else if (availability.isError) note = { text: t('courier.availability.failed'), available: true };
    else note = availabilityNote(t, availability.data);
  }

  return (
    <Fieldset legend={t('courier.title')} data-testid="courier-pick-up">
      <Group grow align="flex-start">
        <TextInput
          label={t('courier.date')}
          placeholder="DD.MM.YYYY"
          value={pickUp.date}
          onChange={(event) => setPickUp({ date: event.currentTarget.value })}
          error={errors.date}
          // The note is the field's description (aria-describedby), below the input; the live
          // region tells screen-reader users when the answer for a new date arrives.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={
            <Text
              span
              size="xs"
              role="status"
              c={note && !note.available ? 'orange.9' : undefined}
              data-testid="courier-availability"
            >
              {note?.text ?? ''}
            </Text>
          }
        />
        <TextInput
          label={t('courier.from')}
          placeholder="HH:mm"
          value={pickUp.from}
          onChange={(event) => setPickUp({ from: event.currentTarget.value })}
          error={errors.from}
        />
        <TextInput
          label={t('courier.till')}
          placeholder="HH:mm"
          value={pickUp.till}
          onChange={(event) => setPickUp({ till: event.currentTarget.value })}
          error={errors.till}
        />
      </Group>
      {withComment && (
        <Textarea
          mt="sm"
          label={t('courier.comment')}
          value={pickUp.comment}
          onChange={(event) => setPickUp({ comment: event.currentTarget.value })}
          error={errors.comment}
        />
      )}
    </Fieldset>
  );
}
