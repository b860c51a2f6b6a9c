import { svcProject } from '@svc/vitest-config/project';

export default svcProject('llm');
