import { EmbedError } from '@portal/shared-contracts/embed';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import type { AppProps } from 'single-spa';
import singleSpaReact from 'single-spa-react';
import { catalogues } from '../i18n';
import type { EmbedProps } from '../pages/embed/embed-props';

/**
 * `./parcel`: shipment tracking as single-spa parcel lifecycles, for pages that are not this
 * portal (the operator's public website), as mf-calculator's `./parcel`. A parcel is a React root
 * of its own: EmbeddedTracking brings Mantine, i18n, a query client and an anonymous API client
 * (`/api/public/...`). Props: see `EmbedProps`.
 */
const lifecycles = singleSpaReact<EmbedProps>({
  React,
  ReactDOMClient,
  // Tracking, its providers and Mantine's styles load on mount, not with this module.
  loadRootComponent: async () =>
    (await import('../pages/embed/EmbeddedTracking')).default as React.ElementType<(EmbedProps & AppProps) | undefined>,
  // STACK-NOTES: a failed parcel keeps throwing; it shows a message inside its own box instead.
  errorBoundary: (_error, _info, props) => <EmbedError locale={props.locale} catalogues={catalogues} />,
});

export const { bootstrap, mount, unmount, update } = lifecycles;
export default lifecycles;
