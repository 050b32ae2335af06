import { Component, type ReactNode } from 'react';

/** The start-up failure screen (SPEC section 8): the app failed to load, with a Refresh button. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return <AppFailedScreen />;
  }
}

export function AppFailedScreen() {
  return (
    <div role="alert" className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">The app failed to load</h1>
      <p className="max-w-md text-slate-600">Something went wrong while starting the app. Refreshing the page usually fixes it.</p>
      <button type="button" className="rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700" onClick={() => window.location.reload()}>
        Refresh
      </button>
    </div>
  );
}
