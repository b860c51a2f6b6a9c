// The language detectors compared, each reduced to an ISO 639-1 guess with its own confidence signal.
import { eld } from 'eld/medium';
import { francAll } from 'franc-min';
import { detectAll } from 'tinyld';
import type { RawGuess } from '@svc/language';

/** franc answers in ISO 639-3; the languages of the set (others stay unmapped and count as wrong). */
const ISO3: Record<string, string> = {
  eng: 'en', deu: 'de', fra: 'fr', spa: 'es', ita: 'it', por: 'pt', nld: 'nl', swe: 'sv',
  dan: 'da', fin: 'fi', pol: 'pl', ces: 'cs', rus: 'ru', ukr: 'uk', tur: 'tr', hun: 'hu',
  ell: 'el', arb: 'ar', jpn: 'ja', cmn: 'zh', kor: 'ko', hin: 'hi',
};

export const candidates: Record<string, (prose: string) => RawGuess> = {
  'franc-min 6.2.0': (prose) => {
    const [top, second] = francAll(prose, { minLength: 1 });
    if (!top || top[0] === 'und') return { language: '', reliable: false };
    // franc scores relative to the best (1.0); a close second means it cannot tell.
    return { language: ISO3[top[0]] ?? top[0], reliable: !second || second[1] < 0.95 };
  },
  'eld 2.1.0 (medium)': (prose) => {
    const result = eld.detect(prose);
    return { language: result.language, reliable: result.isReliable() };
  },
  'tinyld 1.3.4': (prose) => {
    const [top] = detectAll(prose);
    return { language: top?.lang ?? '', reliable: (top?.accuracy ?? 0) >= 0.5 };
  },
};
