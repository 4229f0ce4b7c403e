import { Component, type ReactNode } from 'react';
import { UnavailablePanel } from '@wallet/shared';
import { removeStaticFrame } from '../shell/static-frame';

interface Props {
  /** The location's path: the page of another path is tried again. */
  pathname: string;
  children: ReactNode;
}

interface State {
  pathname: string;
  failed: boolean;
}

/**
 * A route whose code cannot be fetched (a lazy page while offline) or whose page crashes shows the translated
 * "unavailable" panel, whose retry reloads the page; the toasts, the title and the chat stay. Remote pages have
 * their own policy (remotes/failure-policy.tsx); this catches the host's own.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { pathname: this.props.pathname, failed: false };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, failed: false };
  }

  override componentDidCatch(): void {
    // The panel is the page now: the server's frame makes way for it as it would for the shell.
    removeStaticFrame();
  }

  override render() {
    return this.state.failed ? <UnavailablePanel remote="host" /> : this.props.children;
  }
}
