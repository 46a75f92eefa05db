interface StoreApi<T> {
  getState: () => T;
  getInitialState: () => T;
}

/**
 * Zustand's hooks render with a store's *initial* state wherever React renders on a server or
 * hydrates a server's markup (it is useSyncExternalStore's server snapshot). In the browser that
 * is right when the initial state is what the server rendered with: the shell's stores start from
 * what the gateway also knows (the page's cookies, URL and boot data). In Node, where the gateway
 * renders the first screen (server/first-screen.tsx), a store holds one request's state at a time,
 * set just before the synchronous render: that state is the one to render with.
 * Called from a store's initializer, which receives the store's API.
 */
export function serverRendersCurrentState<T>(api: StoreApi<T>): void {
  if (typeof window === 'undefined') api.getInitialState = api.getState;
}
