import { Button, Group, Text } from '@portal/shared-contracts/ui';
import { Modal } from '@portal/shared-contracts/ui/overlays';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut, useSessionStore } from './session-store';

const CHANNEL = 'portal-session';
const STORAGE_KEY = 'portal.lastActivity';
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * SPEC §4 session: after `idleSeconds` without mouse or key activity the user is signed out through
 * the identity provider; `warningSeconds` before that a dialog counts down each second with Continue
 * and Sign out. Activity is shared between tabs (BroadcastChannel, with storage events as fallback).
 */
export default function SessionWatcher() {
  const { t } = useTranslation('shell');
  const config = useSessionStore((state) => state.config);
  const idleMs = (config?.idleSeconds ?? 3600) * 1000;
  const warningMs = Math.min(config?.warningSeconds ?? 60, config?.idleSeconds ?? 3600) * 1000;
  const lastActivity = useRef(Date.now());
  const channel = useRef<BroadcastChannel | null>(null);
  const [remaining, setRemaining] = useState<number | null>(null);
  const warning = remaining !== null;
  const warningRef = useRef(false);
  warningRef.current = warning;

  const recordActivity = useCallback((at = Date.now(), broadcast = true) => {
    lastActivity.current = Math.max(lastActivity.current, at);
    if (!broadcast) return;
    channel.current?.postMessage({ type: 'activity', at });
    try {
      window.localStorage.setItem(STORAGE_KEY, String(at));
    } catch {
      // storage refused: the channel still carries it
    }
  }, []);

  useEffect(() => {
    channel.current = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    channel.current?.addEventListener('message', (event: MessageEvent<{ type: string; at: number }>) => {
      if (event.data?.type === 'activity') recordActivity(event.data.at, false);
      if (event.data?.type === 'logout') void signOut();
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY && event.newValue) recordActivity(Number(event.newValue), false);
    };
    // While the dialog is open only its buttons count (SPEC: Continue or Logout).
    const onActivity = () => {
      if (!warningRef.current) recordActivity();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    window.addEventListener('storage', onStorage);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      window.removeEventListener('storage', onStorage);
      channel.current?.close();
    };
  }, [recordActivity]);

  useEffect(() => {
    const tick = () => {
      const left = idleMs - (Date.now() - lastActivity.current);
      if (left <= 0) {
        channel.current?.postMessage({ type: 'logout' });
        void signOut();
        return;
      }
      setRemaining(left <= warningMs ? Math.ceil(left / 1000) : null);
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [idleMs, warningMs]);

  return (
    <Modal
      opened={warning}
      onClose={() => recordActivity()}
      title={t('session.title')}
      closeOnClickOutside={false}
      data-testid="session-dialog"
    >
      <Text role="timer" aria-live="polite" data-testid="session-countdown">
        {t('session.message', { count: remaining ?? 0 })}
      </Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => void signOut()}>
          {t('session.logout')}
        </Button>
        <Button
          onClick={() => {
            recordActivity();
            setRemaining(null);
          }}
        >
          {t('session.continue')}
        </Button>
      </Group>
    </Modal>
  );
}
