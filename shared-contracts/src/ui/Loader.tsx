import { type LoaderProps, Loader as MantineLoader } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

/**
 * Mantine's Loader is a bare `<span>`: its `aria-label` (every loader here has one, so screen
 * readers hear that something loads) is prohibited on a span without a role (axe:
 * aria-prohibited-attr). The UI kit's Loader is a `status` region, which may carry the label.
 */
export function Loader(props: LoaderProps & Omit<ComponentPropsWithoutRef<'span'>, keyof LoaderProps>) {
  return <MantineLoader role="status" {...props} />;
}
