declare const __AGENT_CONFIG_VERSION__: string | undefined;

/** The package version, injected at build time (`0.0.0-dev` when run from source). */
export const VERSION: string =
  typeof __AGENT_CONFIG_VERSION__ === 'string' ? __AGENT_CONFIG_VERSION__ : '0.0.0-dev';
