import { Component, type ErrorInfo, type ReactNode } from 'react';

/** A failed remote's error as one line for the `remote:failed` event and the console. */
export function failureReason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface Props {
  name: string;
  fallback: ReactNode;
  onError: (name: string, error: unknown) => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * Contains a remote that cannot be fetched or throws while rendering: its area shows the
 * fallback and the rest of the portal keeps working.
 */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`remote ${this.props.name} failed`, error, info.componentStack);
    this.props.onError(this.props.name, error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
