// The supplementary detectors packaged as a secretlint rule, so one engine run reports everything.
import type { lintSource } from '@secretlint/core';
import { detectSupplementary, SUPPLEMENTARY_MESSAGE_IDS } from './supplementary-patterns';

// @secretlint/types is not a direct dependency; its shapes are reached through lintSource's.
export type SecretlintConfig = Parameters<typeof lintSource>[0]['options']['config'];
type ConfigEntry = SecretlintConfig['rules'][number];
export type SecretlintRule = Exclude<ConfigEntry['rule'], { meta: { type: 'preset' } }>;

export const SUPPLEMENTARY_RULE_ID = 'svc/secret-guard-supplement';

// secretlint translates every message; the text never leaves this package, so one neutral
// sentence per message id is enough and never interpolates the matched value.
const messages = Object.fromEntries(
  SUPPLEMENTARY_MESSAGE_IDS.map((messageId) => [messageId, { en: () => `found ${messageId}` }]),
);

export const supplementaryRule: SecretlintRule = {
  messages,
  meta: {
    id: SUPPLEMENTARY_RULE_ID,
    recommended: true,
    type: 'scanner',
    supportedContentTypes: ['text'],
  },
  create(context) {
    const t = context.createTranslator(messages);
    return {
      file(source) {
        for (const { messageId, range } of detectSupplementary(source.content)) {
          context.report({ message: t(messageId), range });
        }
      },
    };
  },
};
