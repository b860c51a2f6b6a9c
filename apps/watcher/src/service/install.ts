// Writes the service file for this platform and says how to enable it; enabling is left to the person.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { LAUNCHD_LABEL, launchdPlist } from './launchd';
import { systemdUnit, type ServiceSpec } from './systemd';

export interface Installed {
  path: string;
  instructions: string;
}

export interface InstallPlace {
  home: string;
  platform: NodeJS.Platform;
  stateDir: string;
  systemdUserDir: string;
}

export async function installService(spec: ServiceSpec, place: InstallPlace): Promise<Installed> {
  const { home, platform, stateDir } = place;
  if (platform === 'darwin') {
    const path = join(home, 'Library', 'LaunchAgents', `${LAUNCHD_LABEL}.plist`);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, launchdPlist(spec, join(stateDir, 'watcher.log')));
    return {
      path,
      instructions: `launchctl bootstrap gui/$(id -u) ${path}\nlaunchctl print gui/$(id -u)/${LAUNCHD_LABEL}`,
    };
  }
  if (platform !== 'linux')
    throw new Error(`install supports Linux (systemd) and macOS (launchd), not ${platform}`);
  const path = join(place.systemdUserDir, 'svc-watcher.service');
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, systemdUnit(spec));
  return {
    path,
    instructions:
      'systemctl --user daemon-reload\nsystemctl --user enable --now svc-watcher.service\njournalctl --user -u svc-watcher -f',
  };
}
