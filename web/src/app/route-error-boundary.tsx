import { Component, type ReactNode } from 'react';
import type { Location } from 'react-router-dom';
import { RouteErrorScreen } from '../components/route-error-screen';

type Props = { location: Location; children: ReactNode };
type State = { failed: boolean; error: unknown; key: string };

/**
 * The routes' error boundary (the data router's root `errorElement`): a page that throws while it
 * renders, or whose code cannot be loaded, shows the error screen; navigating elsewhere (a link,
 * back) shows that page again.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: undefined, key: this.props.location.key };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.location.key === state.key) return null;
    return { failed: false, error: undefined, key: props.location.key };
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen error={this.state.error} /> : this.props.children;
  }
}
