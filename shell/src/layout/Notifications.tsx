import { usePlatform } from '@portal/shared-contracts/react';
import { Notification, Stack } from '@portal/shared-contracts/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Toast {
  id: number;
  kind: 'success' | 'error' | 'info';
  message: string;
}

const COLORS = { success: 'green', error: 'red', info: 'blue' } as const;

/** Toasts that any remote raises through `platform.notify` (the event bus carries them here). */
export function Notifications() {
  const { events, translateServerMessage } = usePlatform();
  const { t } = useTranslation('shell');
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => {
    let next = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const stop = events.on('notify', ({ kind, message, timeoutMs }) => {
      const id = ++next;
      setToasts((current) => [...current, { id, kind, message }]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((current) => current.filter((toast) => toast.id !== id));
      }, timeoutMs ?? 5000);
      timers.add(timer);
    });
    return () => {
      stop();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [events]);
  if (!toasts.length) return null;
  return (
    <Stack pos="fixed" bottom={16} right={16} style={{ zIndex: 400 }} gap="xs" aria-live="polite">
      {toasts.map((toast) => (
        <Notification
          key={toast.id}
          color={COLORS[toast.kind]}
          title={toast.kind === 'error' ? t('errors.title') : undefined}
          onClose={() => setToasts((current) => current.filter((item) => item.id !== toast.id))}
          closeButtonProps={{ 'aria-label': t('notifications.close') }}
        >
          {translateServerMessage(toast.message)}
        </Notification>
      ))}
    </Stack>
  );
}
