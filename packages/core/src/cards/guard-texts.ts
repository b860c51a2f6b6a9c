// The free text of a card call the secret guard checks: title, body and every reason (SECRET_GUARDED_FIELDS).
import type { LinkItem } from '@svc/contract';
import { assertNoSecrets } from '@svc/secrets';

interface CardTexts {
  title?: string;
  body?: string;
  no_links?: string;
  no_branch?: string;
  not_landed?: string;
  links?: readonly LinkItem[];
}

/** Runs before any transaction opens, so a refused call writes nothing at all. */
export function assertCardTextsClean(input: object): Promise<void> {
  // Every action's input is an object; the fields an action lacks are simply absent.
  const args = input as CardTexts;
  return assertNoSecrets({
    title: args.title,
    body: args.body,
    no_links: args.no_links,
    no_branch: args.no_branch,
    not_landed: args.not_landed,
    'links[].reason': args.links?.map((l) => l.reason),
  });
}
