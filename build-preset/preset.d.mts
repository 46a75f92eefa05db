// Types of preset.mjs for TypeScript callers (the mf-hello e2e test builds with it).
import type { Configuration } from '@rspack/core';

export declare const REPO_ROOT: string;
export declare function scopeOf(name: string): string;
export declare function remoteConfig(options: {
  name: string;
  dir?: string;
  mode?: 'production' | 'development';
}): Configuration;
export declare function hostConfig(options?: { mode?: 'production' | 'development' }): Configuration;
export declare function hostServerConfig(options?: { mode?: 'production' | 'development' }): Configuration;
export declare function remoteServerConfig(options: {
  name: string;
  dir?: string;
  mode?: 'production' | 'development';
}): Configuration | null;
