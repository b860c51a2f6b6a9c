import { svcProject } from '@svc/vitest-config/project';

export default svcProject('jobs-runtime');
