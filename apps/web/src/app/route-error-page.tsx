import { shellMessages } from '@portal/contract/shell-messages';
import { Component, type ReactNode } from 'react';

/**
 * The router's error page: an error no screen handled shows a Spanish page with a way back instead
 * of an empty one. A screen that failed to load is handled nearer (components/section-boundary.tsx).
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidUpdate(prev: { resetKey: string }) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="container py-5" style={{ maxWidth: 560 }}>
        <h1 className="h3">{shellMessages.routeErrorTitle}</h1>
        <p>{shellMessages.routeErrorText}</p>
        <div className="d-flex gap-2">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            {shellMessages.reload}
          </button>
          <a className="btn btn-outline-secondary" href="/dashboard">
            {shellMessages.goHome}
          </a>
        </div>
      </main>
    );
  }
}
