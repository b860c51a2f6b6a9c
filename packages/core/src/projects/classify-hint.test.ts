// Names, repository paths and git remotes are told apart as the contract's project_hint rule says.
import { describe, expect, it } from 'vitest';
import { classifyProjectHint } from './classify-hint';

describe('classifyProjectHint', () => {
  it.each(['memory service', 'MemoryService', 'ms', 'svc', 'api.v2', '~draft', 'C#'])(
    'reads %j as a name',
    (hint) => expect(classifyProjectHint(hint)).toEqual({ kind: 'name', name: hint }),
  );

  it('trims a name', () => {
    expect(classifyProjectHint('  ms  ')).toEqual({ kind: 'name', name: 'ms' });
  });

  it.each([
    ['/home/me/code/memory-service/', '/home/me/code/memory-service', 'memory-service'],
    ['~/code/api', '~/code/api', 'api'],
    ['C:\\Code\\Api', 'c:/Code/Api', 'Api'],
    ['code/api', 'code/api', 'api'],
    ['~', '~', '~'],
  ])('reads %j as a path', (hint, path, name) => {
    expect(classifyProjectHint(hint)).toEqual({ kind: 'path', path, name });
  });

  it.each([
    'https://github.com/acme/memory-service.git',
    'git@github.com:acme/memory-service.git',
    'ssh://git@github.com/acme/memory-service',
    'https://token:secret@github.com/Acme/Memory-Service',
    'github.com/acme/memory-service',
  ])('reads %j as a remote', (hint) => {
    expect(classifyProjectHint(hint)).toEqual({
      kind: 'remote',
      remote: 'github.com/acme/memory-service',
      name: 'memory-service',
    });
  });
});
