// The launchd agent that keeps `svc-watcher run` going on macOS.
import type { ServiceSpec } from './systemd';

export const LAUNCHD_LABEL = 'dev.svc.watcher';

const xml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function launchdPlist(spec: ServiceSpec, logPath: string): string {
  const args = [spec.node, ...spec.nodeArgs, spec.script, 'run', ...spec.args].map(
    (a) => `    <string>${xml(a)}</string>`,
  );
  const env = Object.entries(spec.environment).map(
    ([k, v]) => `    <key>${xml(k)}</key>\n    <string>${xml(v)}</string>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Label</key>
  <string>${LAUNCHD_LABEL}</string>
  <key>ProgramArguments</key>
  <array>
${args.join('\n')}
  </array>
  <key>EnvironmentVariables</key>
  <dict>
${env.join('\n')}
  </dict>
  <key>RunAtLoad</key>
  <true/>
  <key>KeepAlive</key>
  <dict>
    <key>SuccessfulExit</key>
    <false/>
  </dict>
  <key>ProcessType</key>
  <string>Background</string>
  <key>StandardErrorPath</key>
  <string>${xml(logPath)}</string>
</dict>
</plist>
`;
}
