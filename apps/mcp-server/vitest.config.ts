import { svcProject } from '@svc/vitest-config/project';

export default svcProject('mcp-server', { testTimeout: 60_000 });
