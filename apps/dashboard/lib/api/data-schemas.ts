// The data routes' answers: only the fields the pages show are required; the rest passes through.
import { z } from 'zod';

export const memoryItem = z
  .object({
    id: z.string(),
    content: z.string(),
    status: z.string().optional(),
    retired: z.boolean().optional(),
    kind: z.string().optional(),
    tags: z.array(z.string()).optional(),
    created_at: z.string().optional(),
  })
  .loose();
export type MemoryItem = z.infer<typeof memoryItem>;
export const memoriesAnswer = z.object({ memories: z.array(memoryItem) });
export const memoryAnswer = z.union([z.object({ memory: memoryItem }).loose(), memoryItem]);

export const ruleItem = z
  .object({ id: z.string(), rule_text: z.string(), status: z.string().optional(), created_at: z.string().optional() })
  .loose();
export const rulesAnswer = z.object({ rules: z.array(ruleItem) });

export const projectItem = z.object({ id: z.string(), name: z.string() }).loose();
export type ProjectItem = z.infer<typeof projectItem>;
export const projectsAnswer = z.object({ projects: z.array(projectItem) });

export const cardItem = z
  .object({ id: z.string(), title: z.string(), state: z.string().optional(), label: z.string().optional() })
  .loose();
export type CardItem = z.infer<typeof cardItem>;

export const boardAnswer = z
  .object({ project: z.object({ name: z.string() }).loose().optional(), cards: z.array(cardItem) })
  .loose();

const tally = z.object({ calls: z.number(), errors: z.number() });
export const usageAnswer = z.object({
  days: z.number(),
  total: tally,
  daily: z.array(tally.extend({ date: z.string() })),
  by_tool: z.array(tally.extend({ tool: z.string() })),
});
