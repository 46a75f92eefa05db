import { usePlatform } from '@portal/shared-contracts/react';
import { Alert, Button, Group, List } from '@portal/shared-contracts/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { useFieldErrors } from '../hooks/use-field-errors';
import { useOrderActions } from '../hooks/use-order-actions';
import type { StepName } from '../hooks/use-steps';
import { useOrderFlow } from '../store';
import { unplacedViolations } from '../violations';

interface Props {
  steps: StepName[];
  current: StepName;
  /** Property paths the step shows beside its fields; other violations are listed here. */
  shownPaths: readonly string[];
  onNext?: () => void;
  busy?: boolean;
  /** Replaces the Next button (the summary's Pay). */
  primary?: ReactNode;
}

/** Back, Save order (registered users, SPEC §4) and Next, with the step's leftover violations. */
export function StepButtons({ steps, current, shownPaths, onNext, busy, primary }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const { session } = usePlatform();
  const { describe, violations } = useFieldErrors();
  const { saveForLater, busy: saving } = useOrderActions();
  const goTo = useOrderFlow((state) => state.goTo);
  const repeat = useOrderFlow((state) => state.repeat);
  const index = steps.indexOf(current);
  const others = unplacedViolations(violations, shownPaths);
  const canGoBack = index > 0 && !(repeat && index === 1);
  return (
    <>
      {others.length > 0 && (
        <Alert color="red" role="alert" mt="md" data-testid="step-errors">
          <List size="sm">
            {others.map((violation) => (
              <List.Item key={`${violation.propertyPath}-${violation.message}`}>{describe(violation)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group justify="space-between" mt="lg">
        <Group>
          {canGoBack && (
            <Button variant="default" onClick={() => goTo(index)}>
              {t('wizard.back')}
            </Button>
          )}
        </Group>
        <Group>
          {session?.status === 'authenticated' && (
            <Button
              variant="light"
              loading={saving}
              onClick={() => void saveForLater(index + 1, steps.includes('content'))}
              data-testid="save-order"
            >
              {t('wizard.saveOrder')}
            </Button>
          )}
          {primary ?? (
            <Button onClick={onNext} loading={busy} data-testid="next-step">
              {t('wizard.next')}
            </Button>
          )}
        </Group>
      </Group>
    </>
  );
}
