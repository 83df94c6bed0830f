/**
 * The embed configurator's words in the six languages the widgets speak (as src/i18n does,
 * the English text is the key). The console follows `?lang=` on the demo page, else the
 * browser's language, else English.
 */
export const CONFIGURATOR_EN = [
  'Embed configurator',
  'Choose how the player looks and behaves: the preview is the real player, and the three outputs below reproduce it.',
  'Player',
  'Live radio',
  'Podcast',
  'Channel',
  'Episode',
  'The newest episode',
  'Theme',
  'Follow the system',
  'Light',
  'Dark',
  'Custom accent colour',
  'Accent colour',
  'Language',
  'The page’s language',
  'Mini-player while scrolling (sticky)',
  'Play the next episode at the end (continuous)',
  'No keyboard shortcuts (no-hotkeys)',
  'Start at the current position (t=)',
  'Preview',
  'Script snippet (sites that take scripts)',
  'Iframe (sites that take no scripts)',
  'Share link (social networks, chat, oEmbed)',
  'Copy',
  'Copied',
  'Copying was blocked: select the text and copy it.',
  'With a Content-Security-Policy, also allow this style:',
] as const;

export type ConfiguratorText = (typeof CONFIGURATOR_EN)[number];

type Table = Record<ConfiguratorText, string>;

const de: Table = {
  'Embed configurator': 'Einbettung konfigurieren',
  'Choose how the player looks and behaves: the preview is the real player, and the three outputs below reproduce it.':
    'Wählen Sie Aussehen und Verhalten des Players: Die Vorschau ist der echte Player, und die drei Ausgaben unten geben ihn genau so wieder.',
  Player: 'Player',
  'Live radio': 'Live-Radio',
  Podcast: 'Podcast',
  Channel: 'Kanal',
  Episode: 'Folge',
  'The newest episode': 'Die neueste Folge',
  Theme: 'Farbschema',
  'Follow the system': 'Wie das System',
  Light: 'Hell',
  Dark: 'Dunkel',
  'Custom accent colour': 'Eigene Akzentfarbe',
  'Accent colour': 'Akzentfarbe',
  Language: 'Sprache',
  'The page’s language': 'Sprache der Seite',
  'Mini-player while scrolling (sticky)': 'Mini-Player beim Scrollen (sticky)',
  'Play the next episode at the end (continuous)': 'Am Ende die nächste Folge abspielen (continuous)',
  'No keyboard shortcuts (no-hotkeys)': 'Keine Tastenkürzel (no-hotkeys)',
  'Start at the current position (t=)': 'Bei der aktuellen Stelle beginnen (t=)',
  Preview: 'Vorschau',
  'Script snippet (sites that take scripts)': 'Script-Snippet (Websites, die Scripts erlauben)',
  'Iframe (sites that take no scripts)': 'Iframe (Websites ohne Scripts)',
  'Share link (social networks, chat, oEmbed)': 'Link zum Teilen (soziale Netzwerke, Chat, oEmbed)',
  Copy: 'Kopieren',
  Copied: 'Kopiert',
  'Copying was blocked: select the text and copy it.': 'Kopieren wurde blockiert: Markieren Sie den Text und kopieren Sie ihn.',
  'With a Content-Security-Policy, also allow this style:': 'Mit einer Content-Security-Policy erlauben Sie auch diesen Stil:',
};

const fr: Table = {
  'Embed configurator': 'Configurateur d’intégration',
  'Choose how the player looks and behaves: the preview is the real player, and the three outputs below reproduce it.':
    'Choisissez l’apparence et le comportement du lecteur : l’aperçu est le vrai lecteur, et les trois codes ci-dessous le reproduisent.',
  Player: 'Lecteur',
  'Live radio': 'Radio en direct',
  Podcast: 'Podcast',
  Channel: 'Chaîne',
  Episode: 'Épisode',
  'The newest episode': 'Le dernier épisode',
  Theme: 'Thème',
  'Follow the system': 'Comme le système',
  Light: 'Clair',
  Dark: 'Sombre',
  'Custom accent colour': 'Couleur d’accent personnalisée',
  'Accent colour': 'Couleur d’accent',
  Language: 'Langue',
  'The page’s language': 'La langue de la page',
  'Mini-player while scrolling (sticky)': 'Mini-lecteur pendant le défilement (sticky)',
  'Play the next episode at the end (continuous)': 'Lire l’épisode suivant à la fin (continuous)',
  'No keyboard shortcuts (no-hotkeys)': 'Sans raccourcis clavier (no-hotkeys)',
  'Start at the current position (t=)': 'Commencer à la position actuelle (t=)',
  Preview: 'Aperçu',
  'Script snippet (sites that take scripts)': 'Code script (sites qui acceptent les scripts)',
  'Iframe (sites that take no scripts)': 'Iframe (sites sans scripts)',
  'Share link (social networks, chat, oEmbed)': 'Lien de partage (réseaux sociaux, messageries, oEmbed)',
  Copy: 'Copier',
  Copied: 'Copié',
  'Copying was blocked: select the text and copy it.': 'La copie a été bloquée : sélectionnez le texte et copiez-le.',
  'With a Content-Security-Policy, also allow this style:': 'Avec une Content-Security-Policy, autorisez aussi ce style :',
};

const es: Table = {
  'Embed configurator': 'Configurador de inserción',
  'Choose how the player looks and behaves: the preview is the real player, and the three outputs below reproduce it.':
    'Elija el aspecto y el comportamiento del reproductor: la vista previa es el reproductor real, y los tres códigos de abajo lo reproducen.',
  Player: 'Reproductor',
  'Live radio': 'Radio en directo',
  Podcast: 'Pódcast',
  Channel: 'Canal',
  Episode: 'Episodio',
  'The newest episode': 'El episodio más reciente',
  Theme: 'Tema',
  'Follow the system': 'Como el sistema',
  Light: 'Claro',
  Dark: 'Oscuro',
  'Custom accent colour': 'Color de acento propio',
  'Accent colour': 'Color de acento',
  Language: 'Idioma',
  'The page’s language': 'El idioma de la página',
  'Mini-player while scrolling (sticky)': 'Minirreproductor al desplazarse (sticky)',
  'Play the next episode at the end (continuous)': 'Reproducir el episodio siguiente al terminar (continuous)',
  'No keyboard shortcuts (no-hotkeys)': 'Sin atajos de teclado (no-hotkeys)',
  'Start at the current position (t=)': 'Empezar en la posición actual (t=)',
  Preview: 'Vista previa',
  'Script snippet (sites that take scripts)': 'Fragmento de script (sitios que aceptan scripts)',
  'Iframe (sites that take no scripts)': 'Iframe (sitios sin scripts)',
  'Share link (social networks, chat, oEmbed)': 'Enlace para compartir (redes sociales, chat, oEmbed)',
  Copy: 'Copiar',
  Copied: 'Copiado',
  'Copying was blocked: select the text and copy it.': 'Se bloqueó la copia: seleccione el texto y cópielo.',
  'With a Content-Security-Policy, also allow this style:': 'Con una Content-Security-Policy, permita también este estilo:',
};

const pt: Table = {
  'Embed configurator': 'Configurador de incorporação',
  'Choose how the player looks and behaves: the preview is the real player, and the three outputs below reproduce it.':
    'Escolha a aparência e o comportamento do player: a pré-visualização é o player real, e os três códigos abaixo o reproduzem.',
  Player: 'Player',
  'Live radio': 'Rádio ao vivo',
  Podcast: 'Podcast',
  Channel: 'Canal',
  Episode: 'Episódio',
  'The newest episode': 'O episódio mais recente',
  Theme: 'Tema',
  'Follow the system': 'Como o sistema',
  Light: 'Claro',
  Dark: 'Escuro',
  'Custom accent colour': 'Cor de destaque própria',
  'Accent colour': 'Cor de destaque',
  Language: 'Idioma',
  'The page’s language': 'O idioma da página',
  'Mini-player while scrolling (sticky)': 'Miniplayer ao rolar (sticky)',
  'Play the next episode at the end (continuous)': 'Tocar o próximo episódio no fim (continuous)',
  'No keyboard shortcuts (no-hotkeys)': 'Sem atalhos de teclado (no-hotkeys)',
  'Start at the current position (t=)': 'Começar na posição atual (t=)',
  Preview: 'Pré-visualização',
  'Script snippet (sites that take scripts)': 'Trecho de script (sites que aceitam scripts)',
  'Iframe (sites that take no scripts)': 'Iframe (sites sem scripts)',
  'Share link (social networks, chat, oEmbed)': 'Link para compartilhar (redes sociais, chat, oEmbed)',
  Copy: 'Copiar',
  Copied: 'Copiado',
  'Copying was blocked: select the text and copy it.': 'A cópia foi bloqueada: selecione o texto e copie-o.',
  'With a Content-Security-Policy, also allow this style:': 'Com uma Content-Security-Policy, permita também este estilo:',
};

const ar: Table = {
  'Embed configurator': 'أداة إعداد التضمين',
  'Choose how the player looks and behaves: the preview is the real player, and the three outputs below reproduce it.':
    'اختر شكل المشغّل وسلوكه: المعاينة هي المشغّل الحقيقي، والمخرجات الثلاثة أدناه تعيد إنتاجه كما هو.',
  Player: 'المشغّل',
  'Live radio': 'راديو مباشر',
  Podcast: 'بودكاست',
  Channel: 'القناة',
  Episode: 'الحلقة',
  'The newest episode': 'أحدث حلقة',
  Theme: 'السمة',
  'Follow the system': 'حسب النظام',
  Light: 'فاتح',
  Dark: 'داكن',
  'Custom accent colour': 'لون مميّز مخصّص',
  'Accent colour': 'اللون المميّز',
  Language: 'اللغة',
  'The page’s language': 'لغة الصفحة',
  'Mini-player while scrolling (sticky)': 'مشغّل مصغّر أثناء التمرير (sticky)',
  'Play the next episode at the end (continuous)': 'تشغيل الحلقة التالية عند الانتهاء (continuous)',
  'No keyboard shortcuts (no-hotkeys)': 'بلا اختصارات لوحة المفاتيح (no-hotkeys)',
  'Start at the current position (t=)': 'البدء من الموضع الحالي (t=)',
  Preview: 'معاينة',
  'Script snippet (sites that take scripts)': 'مقتطف سكربت (للمواقع التي تقبل السكربتات)',
  'Iframe (sites that take no scripts)': 'إطار iframe (للمواقع التي لا تقبل السكربتات)',
  'Share link (social networks, chat, oEmbed)': 'رابط المشاركة (الشبكات الاجتماعية، المحادثة، oEmbed)',
  Copy: 'نسخ',
  Copied: 'تم النسخ',
  'Copying was blocked: select the text and copy it.': 'تم منع النسخ: حدّد النص وانسخه.',
  'With a Content-Security-Policy, also allow this style:': 'مع سياسة Content-Security-Policy، اسمح أيضًا بهذا النمط:',
};

/** Each language's own name for itself (the language menu lists them so). */
export const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  pt: 'Português',
  ar: 'العربية',
};

const TABLES: Record<string, Table | undefined> = { de, fr, es, pt, ar };

/** The configurator's language for a BCP 47 tag: its primary subtag if it has a table, else English. */
export function configuratorLanguage(tag: string | null | undefined): string {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0]!;
  return base in LANGUAGE_NAMES ? base : 'en';
}

/** A translator for `lang`: English when the language has no table. */
export function translator(lang: string): (text: ConfiguratorText) => string {
  const table = TABLES[lang];
  return (text) => table?.[text] ?? text;
}
