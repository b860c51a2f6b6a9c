// The multilingual set the language-detection benchmark scores: short memory-like texts by expected language.
// Written for this benchmark: per language a short note, a longer note, and one mixed with code words.

export interface Sample {
  /** ISO 639-1 code expected; `en` also for texts too short or mixed to be told. */
  lang: string;
  text: string;
}

const byLang: Record<string, string[]> = {
  en: [
    'The user prefers dark mode in every editor.',
    'We decided to deploy on Fridays only after the review meeting.',
    'Remember to rotate the staging database password next week.',
    'Run pnpm install before starting the dev server.',
    'The retry loop in fetchWithBackoff should honour Retry-After headers.',
    'Use vitest for unit tests; jest is not configured in this monorepo.',
    'Bug: useEffect runs twice in React strict mode, see src/app/layout.tsx.',
    'Set NODE_OPTIONS=--max-old-space-size=4096 when building the dashboard.',
    'The migration adds a GIN index on memories.tsv for full-text search.',
    'Prefer const over let; the linter enforces prefer-const.',
    'Call git rebase -i HEAD~3 to squash the last commits.',
    'API returns 429 when the rate limit is hit.',
  ],
  de: [
    'Der Nutzer bevorzugt den dunklen Modus.',
    'Wir haben beschlossen, am Freitag nicht mehr zu deployen.',
    'Die Datenbank muss vor dem Update gesichert werden, sonst gehen Daten verloren.',
    'Bitte immer pnpm statt npm verwenden, weil das Lockfile sonst kaputt geht.',
  ],
  fr: [
    "L'utilisateur préfère le mode sombre.",
    'Nous avons décidé de ne plus déployer le vendredi.',
    'La base de données doit être sauvegardée avant chaque mise à jour importante.',
    'Toujours utiliser pnpm au lieu de npm, sinon le fichier de verrouillage est cassé.',
  ],
  es: [
    'El usuario prefiere el modo oscuro.',
    'Decidimos no desplegar los viernes nunca más.',
    'La base de datos debe respaldarse antes de cada actualización importante.',
    'Usa siempre pnpm en lugar de npm porque si no se rompe el archivo de bloqueo.',
  ],
  it: [
    "L'utente preferisce la modalità scura.",
    'Abbiamo deciso di non fare più rilasci il venerdì.',
    'Il database deve essere salvato prima di ogni aggiornamento importante.',
    'Usa sempre pnpm invece di npm, altrimenti il file di lock si rompe.',
  ],
  pt: [
    'O usuário prefere o modo escuro.',
    'Decidimos não fazer mais implantações às sextas-feiras.',
    'O banco de dados precisa ser copiado antes de cada atualização importante.',
    'Use sempre pnpm em vez de npm, senão o arquivo de bloqueio quebra.',
  ],
  nl: [
    'De gebruiker geeft de voorkeur aan de donkere modus.',
    'We hebben besloten om op vrijdag niet meer te deployen.',
    'De database moet voor elke grote update worden geback-upt.',
    'Gebruik altijd pnpm in plaats van npm, anders gaat het lockbestand stuk.',
  ],
  sv: [
    'Användaren föredrar mörkt läge.',
    'Vi har bestämt att inte driftsätta på fredagar längre.',
    'Databasen måste säkerhetskopieras före varje större uppdatering.',
    'Använd alltid pnpm i stället för npm, annars går låsfilen sönder.',
  ],
  da: [
    'Brugeren foretrækker mørk tilstand.',
    'Vi har besluttet ikke at udrulle om fredagen længere.',
    'Databasen skal sikkerhedskopieres før hver større opdatering.',
    'Brug altid pnpm i stedet for npm, ellers går låsefilen i stykker.',
  ],
  fi: [
    'Käyttäjä pitää tummasta tilasta.',
    'Päätimme, ettemme enää julkaise perjantaisin.',
    'Tietokanta täytyy varmuuskopioida ennen jokaista suurta päivitystä.',
    'Käytä aina pnpm:ää npm:n sijaan, muuten lukitustiedosto hajoaa.',
  ],
  pl: [
    'Użytkownik woli tryb ciemny.',
    'Postanowiliśmy nie wdrażać już w piątki.',
    'Bazę danych trzeba zarchiwizować przed każdą dużą aktualizacją.',
    'Zawsze używaj pnpm zamiast npm, inaczej plik blokady się psuje.',
  ],
  cs: [
    'Uživatel dává přednost tmavému režimu.',
    'Rozhodli jsme se, že už nebudeme nasazovat v pátek.',
    'Databázi je nutné zálohovat před každou větší aktualizací.',
    'Vždy používej pnpm místo npm, jinak se rozbije soubor se zámky.',
  ],
  ru: [
    'Пользователь предпочитает тёмную тему.',
    'Мы решили больше не выкатывать релизы по пятницам.',
    'Перед каждым крупным обновлением нужно делать резервную копию базы данных.',
    'Всегда используй pnpm вместо npm, иначе lock-файл ломается.',
  ],
  uk: [
    'Користувач надає перевагу темній темі.',
    "Ми вирішили більше не розгортати в п'ятницю.",
    'Перед кожним великим оновленням треба робити резервну копію бази даних.',
    'Завжди використовуй pnpm замість npm, інакше файл блокування зламається.',
  ],
  tr: [
    'Kullanıcı karanlık modu tercih ediyor.',
    'Artık cuma günleri dağıtım yapmamaya karar verdik.',
    'Her büyük güncellemeden önce veritabanının yedeği alınmalıdır.',
    'Her zaman npm yerine pnpm kullan, yoksa kilit dosyası bozulur.',
  ],
  hu: [
    'A felhasználó a sötét módot részesíti előnyben.',
    'Úgy döntöttünk, hogy pénteken már nem telepítünk.',
    'Minden nagyobb frissítés előtt menteni kell az adatbázist.',
    'Mindig pnpm-et használj npm helyett, különben elromlik a zárolási fájl.',
  ],
  el: [
    'Ο χρήστης προτιμά τη σκοτεινή λειτουργία.',
    'Αποφασίσαμε να μην κάνουμε πια αναπτύξεις την Παρασκευή.',
    'Η βάση δεδομένων πρέπει να αντιγράφεται πριν από κάθε μεγάλη ενημέρωση.',
    'Χρησιμοποίησε πάντα pnpm αντί για npm, αλλιώς χαλάει το αρχείο κλειδώματος.',
  ],
  ar: [
    'يفضل المستخدم الوضع الداكن.',
    'قررنا عدم النشر يوم الجمعة بعد الآن.',
    'يجب أخذ نسخة احتياطية من قاعدة البيانات قبل كل تحديث كبير.',
    'استخدم pnpm دائما بدلا من npm وإلا سيتلف ملف القفل.',
  ],
  ja: [
    'ユーザーはダークモードを好みます。',
    '金曜日にはもうデプロイしないことに決めました。',
    '大きな更新の前には必ずデータベースをバックアップしてください。',
    'npmではなく常にpnpmを使ってください。ロックファイルが壊れます。',
  ],
  zh: [
    '用户喜欢深色模式。',
    '我们决定以后周五不再部署。',
    '每次大更新之前都必须备份数据库。',
    '请始终使用 pnpm 而不是 npm，否则锁文件会损坏。',
  ],
  ko: [
    '사용자는 다크 모드를 선호합니다.',
    '앞으로 금요일에는 배포하지 않기로 했습니다.',
    '큰 업데이트 전에는 항상 데이터베이스를 백업해야 합니다.',
    'npm 대신 항상 pnpm을 사용하세요. 그렇지 않으면 잠금 파일이 깨집니다.',
  ],
  hi: [
    'उपयोगकर्ता डार्क मोड पसंद करता है।',
    'हमने तय किया है कि शुक्रवार को अब डिप्लॉय नहीं करेंगे।',
    'हर बड़े अपडेट से पहले डेटाबेस का बैकअप लेना ज़रूरी है।',
    'हमेशा npm की जगह pnpm का उपयोग करें, वरना लॉक फ़ाइल टूट जाती है।',
  ],
};

/** Too short or too mixed to tell: each must come out as English (never a wrong translation). */
const undecidable: string[] = [
  'ok',
  'LGTM',
  'pnpm i',
  'TODO: fix',
  'src/index.ts',
  'v2.3.1',
  'PR #42 merged',
  'Danke!',
  'npm ci && npm test',
  'SELECT * FROM memories;',
  'useEffect deps',
  'Hola team',
];

export const samples: Sample[] = [
  ...Object.entries(byLang).flatMap(([lang, texts]) => texts.map((text) => ({ lang, text }))),
  ...undecidable.map((text) => ({ lang: 'en', text })),
];
