// Refuses a write whose text fields carry a credential, with the contract's stable prefix.
import { refusalMessage, type RefusalDetails } from '@svc/contract';
import { ServiceError } from '@svc/errors';
import { scanForSecrets, type SecretFinding } from './scan';
import { withArticle } from './secret-kinds';

/** Field name to text: a list (entity names, link reasons) is checked item by item. */
export type GuardedFields = Record<string, string | readonly string[] | undefined>;

/** Contract details plus the detector's rule id, so a false positive can be reported precisely. */
export type SecretRefusalDetails = RefusalDetails<'secret_content_rejected'> & { rule: string };

/** `links[].reason` at index 2 is `links[2].reason`; a plain `names` becomes `names[2]`. */
function itemField(field: string, index: number): string {
  return field.includes('[]') ? field.replace('[]', `[${index}]`) : `${field}[${index}]`;
}

function entries(fields: GuardedFields): Array<[field: string, text: string]> {
  return Object.entries(fields).flatMap(([field, value]): Array<[string, string]> => {
    if (value === undefined) return [];
    if (typeof value === 'string') return [[field, value]];
    return value.map((text, index): [string, string] => [itemField(field, index), text]);
  });
}

/** The message and details name the field and the kind of secret, never the secret itself. */
export function secretContentRejected(field: string, finding: SecretFinding): ServiceError {
  const details: SecretRefusalDetails = {
    refusal: 'secret_content_rejected',
    field,
    kind: finding.kind,
    rule: finding.ruleId,
  };
  const text =
    `${field} looks like it contains ${withArticle(finding.label)}; ` +
    'store a reference to where the secret lives instead';
  return new ServiceError('validation_failed', refusalMessage('secret_content_rejected', text), {
    details,
  });
}

/** Throws for the first field, in the order given, whose text holds something secret-shaped. */
export async function assertNoSecrets(fields: GuardedFields): Promise<void> {
  const checked = entries(fields);
  const findings = await Promise.all(checked.map(([, text]) => scanForSecrets(text)));
  for (const [index, [field]] of checked.entries()) {
    const first = findings[index]?.[0];
    if (first) throw secretContentRejected(field, first);
  }
}
