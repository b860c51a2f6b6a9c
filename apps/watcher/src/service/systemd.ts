// The systemd user unit that keeps `svc-watcher run` going on Linux.

export interface ServiceSpec {
  /** The node binary and the watcher's script, absolute, so the service needs no PATH. */
  node: string;
  /** Flags node itself needs (the TypeScript loader when run from a checkout). */
  nodeArgs: string[];
  script: string;
  args: string[];
  /** Passed through so the service finds the same state and credentials as the shell that installed it. */
  environment: Record<string, string>;
}

const quote = (value: string) =>
  /^[\w@%+=:,./-]+$/.test(value) ? value : `"${value.replace(/(["\\])/g, '\\$1')}"`;

export function systemdUnit(spec: ServiceSpec): string {
  const env = Object.entries(spec.environment).map(([k, v]) => `Environment=${quote(`${k}=${v}`)}`);
  return [
    '[Unit]',
    'Description=svc-watcher: ships AI agent transcripts to the memory service',
    'After=network-online.target',
    '',
    '[Service]',
    'Type=simple',
    `ExecStart=${[spec.node, ...spec.nodeArgs, spec.script, 'run', ...spec.args].map(quote).join(' ')}`,
    ...env,
    'Restart=on-failure',
    'RestartSec=10',
    // A background helper should never compete with the person's own work.
    'Nice=10',
    '',
    '[Install]',
    'WantedBy=default.target',
    '',
  ].join('\n');
}
