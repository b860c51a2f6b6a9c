import { describe, expect, it } from 'vitest';
import { PROJECT_NOTE, ROUTER_HEAD, ROUTER_TAIL, composeInstructions } from './instructions';

const rules = ['Always run the tests before pushing.', 'Write commit messages in English.'];

describe('connect-time instructions', () => {
  it('gives uncapped clients everything, the project-attachment note included', () => {
    const { text, dropped } = composeInstructions({ rules, clientName: 'some-ide' });
    expect(dropped).toEqual([]);
    for (const part of [ROUTER_HEAD, ROUTER_TAIL, PROJECT_NOTE, ...rules]) expect(text).toContain(part);
  });

  it('drops whole segments in priority order for a capped client, recording what went', () => {
    const full = composeInstructions({ rules }).text.length;
    // Room for everything but the project note (and the note saying so): only it goes.
    const a = composeInstructions({ rules, budget: full - PROJECT_NOTE.length + 80 });
    // Room for the router only: rules go before the router's tail.
    const b = composeInstructions({ rules, budget: ROUTER_HEAD.length + ROUTER_TAIL.length + 120 });
    const c = composeInstructions({ rules, budget: ROUTER_HEAD.length + 110 });
    expect(a.dropped).toEqual(['project_note']);
    expect(b.dropped).toEqual(['project_note', 'owner_rules']);
    expect(c.dropped).toEqual(['project_note', 'owner_rules', 'router_tail']);
    for (const r of [a, b, c]) expect(r.text.length).toBeLessThanOrEqual(ROUTER_HEAD.length + 2 * PROJECT_NOTE.length + 200);
    expect(b.text).toContain(ROUTER_TAIL);
    expect(b.text).toMatch(/Shortened for this client: project_note, owner_rules omitted\. Read svc:\/\/rules/);
    // never cut mid-sentence: the head survives whole
    expect(c.text.startsWith(ROUTER_HEAD)).toBe(true);
  });

  it('applies the known cap of a named client', () => {
    const many = Array.from({ length: 60 }, (_, i) => `Rule number ${i} says something long enough to matter here.`);
    const capped = composeInstructions({ rules: many, clientName: 'claude-code' });
    expect(capped.text.length).toBeLessThanOrEqual(2048);
    expect(capped.dropped).toContain('owner_rules');
    expect(composeInstructions({ rules: many, clientName: 'other' }).dropped).toEqual([]);
  });
});
