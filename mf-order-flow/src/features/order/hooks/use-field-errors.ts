import type { Violation } from '@portal/shared-contracts';
import { usePlatform } from '@portal/shared-contracts/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { useOrderFlow } from '../store';
import { CLIENT_MESSAGE_KEYS, translateViolation, violationsAt } from '../violations';

/**
 * The message to show beside a field: the server's (or the client rules') violations on its
 * property path, in the interface language. Messages are English and translated by their text.
 */
export function useFieldErrors(): {
  errorFor: (path: string) => string | undefined;
  translate: (message: string) => string;
  describe: (violation: Violation) => string;
  violations: Violation[];
} {
  const { t } = useTranslation(NAMESPACE);
  const { translateServerMessage } = usePlatform();
  const violations = useOrderFlow((state) => state.violations);
  const translate = useCallback(
    (message: string) => (CLIENT_MESSAGE_KEYS.has(message) ? t(`errors.${message}`) : translateServerMessage(message)),
    [t, translateServerMessage],
  );
  const describe = useCallback((violation: Violation) => translateViolation(violation, translate), [translate]);
  const errorFor = useCallback(
    (path: string) => {
      const found = violationsAt(violations, path);
      return found.length ? found.map(describe).join(' ') : undefined;
    },
    [violations, describe],
  );
  return { errorFor, translate, describe, violations };
}
