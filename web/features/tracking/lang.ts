import { LANGS, type Lang } from './messages';

const KEY = 'sd-track-lang';

/** The remembered choice, else the browser's language (Hindi when it asks for it), else English. */
export function initialLang(): Lang {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved && (LANGS as readonly string[]).includes(saved)) return saved as Lang;
  } catch {
    // storage blocked: fall back to the browser language
  }
  const langs = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return langs.some((l) => /^hi\b/i.test(l ?? '')) ? 'hi' : 'en';
}

export function rememberLang(lang: Lang) {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // not remembered; the page still switches
  }
}
