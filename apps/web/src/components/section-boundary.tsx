import { shellMessages } from '@portal/contract/shell-messages';
import { Component, type ReactNode } from 'react';
import { ApiError } from '@/lib/api';
import { retryFailedChunks } from '@/lib/lazy-component';
import { connection } from '@/lib/online';
import { Feedback } from './feedback';

/** A chunk that could not be downloaded (offline, a Wi-Fi drop) or a request that got no answer. */
export function isLoadError(error: unknown): boolean {
  if (error instanceof ApiError) return error.isNetwork;
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|module script failed|error loading dynamically|Unable to preload|Failed to fetch/i.test(message);
}

interface Props {
  children: ReactNode;
  /** A new value (the next screen) clears a shown failure. */
  resetKey?: unknown;
}

/**
 * Around every lazily loaded screen and section: a piece that fails to load shows a Spanish message
 * with 'Reintentar' in its place, the rest of the page (top and bottom bars) stays, and it tries again
 * by itself when the server answers again (lib/online.ts, which the failure tells there is no
 * connection). Other errors go on to the router's error page.
 */
export class SectionBoundary extends Component<Props, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  private readonly retry = () => {
    retryFailedChunks();
    this.setState({ error: null });
  };

  private stopFollowing = () => {};

  componentDidMount() {
    window.addEventListener('online', this.onOnline);
    this.stopFollowing = connection.onReachable(this.onOnline);
    this.noteFailure(null);
  }

  componentWillUnmount() {
    window.removeEventListener('online', this.onOnline);
    this.stopFollowing();
  }

  componentDidUpdate(prev: Props, prevState: { error: unknown }) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.retry();
    else this.noteFailure(prevState.error);
  }

  /** A piece that failed to download is a request without answer: the connection starts probing. */
  private noteFailure(before: unknown) {
    if (this.state.error && !before && isLoadError(this.state.error)) connection.reportNoAnswer();
  }

  private readonly onOnline = () => {
    if (this.state.error) this.retry();
  };

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!isLoadError(error)) throw error;
    return (
      <Feedback variant="warning" className="d-flex flex-wrap align-items-center gap-2 my-3">
        <span className="me-auto">{shellMessages.loadFailed}</span>
        <button type="button" className="btn btn-primary btn-sm" onClick={this.retry}>
          {shellMessages.retry}
        </button>
      </Feedback>
    );
  }
}
