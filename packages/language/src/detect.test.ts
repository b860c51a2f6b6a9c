// Language detection: other languages told, English and anything too short or too codey kept English.
import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect';
import { decideLanguage } from './policy';

describe('detectLanguage', () => {
  it.each([
    ['de', 'Wir haben beschlossen, am Freitag nicht mehr zu deployen.'],
    ['fr', 'La base de données doit être sauvegardée avant chaque mise à jour.'],
    ['ru', 'Мы решили больше не выкатывать релизы по пятницам.'],
    ['zh', '每次大更新之前都必须备份数据库。'],
    ['ja', '大きな更新の前には必ずデータベースをバックアップしてください。'],
  ])('tells %s', (lang, text) => {
    expect(detectLanguage(text)).toBe(lang);
  });

  it.each([
    'The retry loop in fetchWithBackoff should honour Retry-After headers.',
    'Set NODE_OPTIONS=--max-old-space-size=4096 when building the dashboard.',
    'Danke!',
    'npm ci && npm test',
    'Hola team',
    '',
  ])('keeps English for %j', (text) => {
    expect(detectLanguage(text)).toBe('en');
  });

  it('keeps the prose of a mixed note and ignores its code words', () => {
    expect(detectLanguage('Bitte immer `pnpm install --frozen-lockfile` verwenden, weil das Lockfile sonst kaputt geht.')).toBe('de');
  });

  it('never trusts a guess the detector itself calls unreliable', () => {
    const text = 'Wir haben beschlossen, am Freitag nicht mehr zu deployen.';
    expect(decideLanguage(text, () => ({ language: 'de', reliable: false }))).toBe('en');
    expect(decideLanguage(text, () => ({ language: '', reliable: true }))).toBe('en');
  });
});
