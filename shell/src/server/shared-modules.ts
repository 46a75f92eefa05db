// The shell server build's instances of the platform's shared singletons (build-preset/shared-deps.mjs),
// by the names remotes import them with. A remote's Node build (remoteServerConfig) leaves them out
// and `require`s them; the gateway answers with these, as the federation runtime hands remotes the
// shell's instances in the browser: one React, one router and one i18next for the whole page, and the
// platform's context the shell provides. shared-modules.test.ts holds this list to the shared one.
import * as sharedContracts from '@portal/shared-contracts';
import * as account from '@portal/shared-contracts/account';
import * as addressBook from '@portal/shared-contracts/address-book';
import * as calendar from '@portal/shared-contracts/calendar';
import * as cms from '@portal/shared-contracts/cms';
import * as complaints from '@portal/shared-contracts/complaints';
import * as countries from '@portal/shared-contracts/countries';
import * as ebay from '@portal/shared-contracts/ebay';
import * as orders from '@portal/shared-contracts/orders';
import * as pricing from '@portal/shared-contracts/pricing';
import * as platformReact from '@portal/shared-contracts/react';
import * as router from '@portal/shared-contracts/router';
import * as s10 from '@portal/shared-contracts/s10';
import * as tracking from '@portal/shared-contracts/tracking';
import * as ui from '@portal/shared-contracts/ui';
import * as uiDropzone from '@portal/shared-contracts/ui/dropzone';
import * as uiForms from '@portal/shared-contracts/ui/forms';
import * as uiOverlays from '@portal/shared-contracts/ui/overlays';
import * as uiTable from '@portal/shared-contracts/ui/table';
import * as reactQuery from '@tanstack/react-query';
import * as i18next from 'i18next';
import * as react from 'react';
import * as jsxDevRuntime from 'react/jsx-dev-runtime';
import * as jsxRuntime from 'react/jsx-runtime';
import * as reactDom from 'react-dom';
import * as reactDomClient from 'react-dom/client';
import * as reactI18next from 'react-i18next';
import * as zustand from 'zustand';

export const SHARED_MODULES: Readonly<Record<string, unknown>> = {
  react,
  'react/jsx-runtime': jsxRuntime,
  'react/jsx-dev-runtime': jsxDevRuntime,
  'react-dom': reactDom,
  'react-dom/client': reactDomClient,
  zustand,
  '@tanstack/react-query': reactQuery,
  i18next,
  'react-i18next': reactI18next,
  '@portal/shared-contracts': sharedContracts,
  '@portal/shared-contracts/account': account,
  '@portal/shared-contracts/address-book': addressBook,
  '@portal/shared-contracts/calendar': calendar,
  '@portal/shared-contracts/cms': cms,
  '@portal/shared-contracts/complaints': complaints,
  '@portal/shared-contracts/countries': countries,
  '@portal/shared-contracts/ebay': ebay,
  '@portal/shared-contracts/orders': orders,
  '@portal/shared-contracts/pricing': pricing,
  '@portal/shared-contracts/react': platformReact,
  '@portal/shared-contracts/s10': s10,
  '@portal/shared-contracts/tracking': tracking,
  '@portal/shared-contracts/ui': ui,
  '@portal/shared-contracts/ui/overlays': uiOverlays,
  '@portal/shared-contracts/ui/forms': uiForms,
  '@portal/shared-contracts/ui/table': uiTable,
  '@portal/shared-contracts/ui/dropzone': uiDropzone,
  '@portal/shared-contracts/router': router,
};
