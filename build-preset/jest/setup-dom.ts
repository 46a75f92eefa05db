// jsdom lacks a few browser APIs that React Router 7 and Mantine need.
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/react';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// A test file that runs in Node (`@jest-environment node`: the gateway's first screen) has no window.
if (typeof window !== 'undefined') installBrowserStubs();

function installBrowserStubs() {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }

  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  if (!('ResizeObserver' in window)) {
    Object.assign(window, { ResizeObserver: ResizeObserverStub });
  }
  window.scrollTo = () => {};
}

// findBy… and waitFor give up after 1 s by default: a lazily loaded step of the order wizard took
// longer in a CI run while the 2-core machine ran other suites. A slow screen is not a broken one.
configure({ asyncUtilTimeout: 5000 });
