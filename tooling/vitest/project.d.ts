import type { UserWorkspaceConfig } from 'vitest/config';

export declare function svcProject(name: string, test?: UserWorkspaceConfig['test']): UserWorkspaceConfig;
