import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** Shown instead of `children` once rendering them has thrown. */
  fallback: ReactNode;
  /** Called once with what was thrown. */
  onError(): void;
  children: ReactNode;
}

/**
 * Shows `fallback` if rendering `children` ever throws, where React would otherwise unmount the
 * whole tree and leave the shadow root empty. The element's next mount (r2wc mounts anew when it
 * is inserted again) starts with a fresh boundary.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch() {
    this.props.onError();
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
