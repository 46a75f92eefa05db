import { ApplicationError } from '@portal/shared-contracts';
import {
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_TTL_MINUTES,
  type PhoneVerification,
  phoneChangeViolations,
  phoneCodeViolation,
  secondsUntil,
} from '@portal/shared-contracts/account';
import { usePortalForm } from '@portal/shared-contracts/forms';
import { usePlatform, useRemoteTranslation } from '@portal/shared-contracts/react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@portal/shared-contracts/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { catalogues, NAMESPACE } from '../../../i18n';
import { usePendingPhoneVerification } from '../api';
import { settingsField } from '../violations';

/** `m:ss`: SPEC §9 "phone code resend timeout shown as time". */
export function countdownText(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Seconds left until `at`, ticking every second while above zero. */
function useSecondsUntil(at: string | null): number {
  const [seconds, setSeconds] = useState(() => (at ? secondsUntil(at) : 0));
  useEffect(() => {
    if (!at) {
      setSeconds(0);
      return;
    }
    setSeconds(secondsUntil(at));
    const timer = setInterval(() => {
      const left = secondsUntil(at);
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return seconds;
}

type Stage = 'view' | 'number' | 'code';

/**
 * SPEC §4 Phone change: the new number gets a 6-digit code by SMS, and the account's phone changes
 * only when the code is typed back. A new code can be asked for after the countdown; the messages
 * for a missing, invalid, expired or failed code are the API's (SPEC §8), shown beside the field.
 */
export function PhoneChange() {
  const { t } = useRemoteTranslation(NAMESPACE, catalogues);
  const { api, session, notify } = usePlatform();
  const queryClient = useQueryClient();
  const account = session?.activeAccount;
  const pending = usePendingPhoneVerification(account?.id ?? 0);
  const [stage, setStage] = useState<Stage>('view');
  const [verification, setVerification] = useState<PhoneVerification | null>(null);
  // A waiting code the user cancelled is not offered again on this page.
  const [dismissed, setDismissed] = useState<number | null>(null);
  const resendIn = useSecondsUntil(verification?.resendAvailableAt ?? null);
  // The new number and the typed code: the shared form adapter checks them by the SPEC rules of
  // the contracts and puts the API's violations beside them.
  const numberForm = usePortalForm({
    initialValues: { phonePrefix: account?.contact.phonePrefix || '371', phone: '' },
    rules: (values) => (account ? phoneChangeViolations(values, account.contact) : []),
    fieldOf: settingsField,
  });
  const codeForm = usePortalForm({
    initialValues: { code: '' },
    rules: ({ code }) => {
      const malformed = phoneCodeViolation(code);
      return malformed ? [malformed] : [];
    },
    fieldOf: settingsField,
  });

  // A code sent before a reload is still waiting: carry on with it.
  useEffect(() => {
    if (pending.data && pending.data.id !== dismissed && stage === 'view' && !verification) {
      setVerification(pending.data);
      numberForm.setValues({ phonePrefix: pending.data.phonePrefix, phone: pending.data.phone });
      setStage('code');
    }
  }, [pending.data, dismissed, stage, verification, numberForm.setValues]);

  if (!account || !session) return null;
  const current = account.contact.phone ? `+${account.contact.phonePrefix} ${account.contact.phone}` : null;

  const sendCode = numberForm.submit(async (number) => {
    codeForm.clearServerError();
    try {
      const sent = await api.POST('/api/accounts/{id}/phone_verifications', {
        path: { id: account.id },
        body: { phonePrefix: number.phonePrefix.trim(), phone: number.phone.trim() },
      });
      setVerification(sent);
      codeForm.reset();
      setStage('code');
    } catch (error) {
      numberForm.showServerError(error);
      // Too early (429): the countdown of the code that is waiting tells how long.
      if (error instanceof ApplicationError && error.status === 429) await pending.refetch();
    }
  });

  const confirm = codeForm.submit(async ({ code }) => {
    if (!verification) return;
    numberForm.clearServerError();
    await api.POST('/api/accounts/{id}/phone_verifications/{itemId}/confirm', {
      path: { id: account.id, itemId: verification.id },
      body: { code },
    });
    await queryClient.invalidateQueries({ queryKey: ['phone-verification', account.id] });
    await session.reloadUser();
    notify('success', t('settings.phone.changed'));
    setVerification(null);
    numberForm.clearErrors();
    codeForm.reset();
    setStage('view');
  });

  const cancel = () => {
    if (verification) setDismissed(verification.id);
    setStage('view');
    for (const form of [numberForm, codeForm]) {
      form.clearErrors();
      form.clearServerError();
    }
    setVerification(null);
  };

  const busy = numberForm.submitting || codeForm.submitting;
  const alert = codeForm.serverError ?? numberForm.serverError;

  return (
    <Stack gap="xs" data-testid="phone-change">
      <Text fw={500} size="sm">
        {t('profile.phone')}
      </Text>
      {stage === 'view' && (
        // Wrapping: in Latvian at 390 px the button's label did not fit beside the number (issue 40).
        <Group justify="space-between" wrap="wrap">
          <Text data-testid="current-phone">{current ?? t('settings.phone.none')}</Text>
          <Button variant="light" onClick={() => setStage('number')} data-testid="phone-change-start">
            {t('settings.phone.change')}
          </Button>
        </Group>
      )}
      {stage === 'number' && (
        <form noValidate aria-label={t('settings.phone.change')} onSubmit={sendCode}>
          <Stack gap="sm">
            <Group grow align="flex-start">
              <TextInput
                label={t('profile.phonePrefix')}
                leftSection="+"
                maw={140}
                inputMode="numeric"
                {...numberForm.getInputProps('phonePrefix')}
              />
              <TextInput
                label={t('settings.phone.newNumber')}
                inputMode="tel"
                autoComplete="tel-national"
                {...numberForm.getInputProps('phone')}
                data-testid="new-phone"
              />
            </Group>
            <Text size="sm" c="dimmed">
              {t('settings.phone.howItWorks', { minutes: PHONE_CODE_TTL_MINUTES })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={cancel}>
                {t('settings.cancel')}
              </Button>
              <Button type="submit" loading={busy} data-testid="phone-send-code">
                {t('settings.phone.sendCode')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {stage === 'code' && verification && (
        <form noValidate onSubmit={confirm} aria-label={t('settings.phone.confirmTitle')}>
          <Stack gap="sm">
            <Text size="sm" data-testid="phone-code-sent">
              {t('settings.phone.codeSent', {
                phone: `+${verification.phonePrefix} ${verification.phone}`,
                minutes: PHONE_CODE_TTL_MINUTES,
                attempts: PHONE_CODE_MAX_ATTEMPTS,
              })}
            </Text>
            <TextInput
              label={t('settings.phone.codeLabel')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={PHONE_CODE_LENGTH + 1}
              {...codeForm.getInputProps('code')}
              maw={220}
              data-testid="phone-code"
            />
            <Group justify="space-between" wrap="wrap">
              <Group gap="xs">
                <Button
                  variant="subtle"
                  disabled={resendIn > 0 || busy}
                  onClick={() => sendCode()}
                  data-testid="phone-resend"
                >
                  {t('settings.phone.resend')}
                </Button>
                {resendIn > 0 && (
                  // Not a live region: a sentence read out every second would drown everything else.
                  <Text size="sm" c="dimmed" data-testid="phone-resend-countdown">
                    {t('settings.phone.resendIn', { time: countdownText(resendIn) })}
                  </Text>
                )}
              </Group>
              <Group gap="xs">
                <Button variant="default" onClick={cancel}>
                  {t('settings.cancel')}
                </Button>
                <Button type="submit" loading={busy} data-testid="phone-confirm">
                  {t('settings.phone.confirm')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
      {alert && (
        <Alert color="red" role="alert" data-testid="phone-alert">
          {alert}
        </Alert>
      )}
    </Stack>
  );
}
