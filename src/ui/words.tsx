/**
 * The UI kit's words: the kernel's `common` catalogue of the page's language (pager, period
 * picker, load states), and the language itself (dates). A part that renders the kit's lists
 * wraps them in `UiWordsContext` (`WithUiWords`, or a provider of `loadUiWords`), as the
 * wallet's and the promotions' member-centre pages and the agent's reports do.
 */
import { createContext, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { commonCatalogue, type CommonLabels } from '../kernel/i18n/common.ts';

export interface UiWords {
  /** The page's language (a site locale: 'en', 'es'). */
  lang: string;
  /** The kernel's `common` catalogue of that language. */
  common: CommonLabels;
}

export const UiWordsContext = createContext<UiWords | null>(null);

/** The kit's words (inside `UiWordsContext`). */
export function useUiWords(): UiWords {
  const words = useContext(UiWordsContext);
  if (!words) throw new Error('useUiWords outside UiWordsContext');
  return words;
}

// One object per language, so that a provider's value keeps its identity between renders.
const made = new Map<string, UiWords>();
const wordsOf = (lang: string, common: CommonLabels): UiWords => {
  const known = made.get(lang);
  if (known?.common === common) return known;
  const words = { lang, common };
  made.set(lang, words);
  return words;
};

/** The kit's words of `lang` (one request per language and page). */
export function loadUiWords(lang: string): Promise<UiWords> {
  return commonCatalogue.load(lang).then((common) => wordsOf(lang, common));
}

/** The kit's words of `lang`, or null until they have arrived. */
export function useLoadedUiWords(lang: string): UiWords | null {
  const ready = commonCatalogue.loaded(lang);
  const [words, setWords] = useState<UiWords | null>(() => (ready ? wordsOf(lang, ready) : null));
  const current = words?.lang === lang ? words : null;
  useEffect(() => {
    if (current) return;
    let live = true;
    void loadUiWords(lang)
      .then((w) => live && setWords(w))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [lang, current]);
  return current;
}

/** `children` inside the kit's words of `lang`; nothing until they have arrived. */
export function WithUiWords({ lang, children }: { lang: string; children: ReactNode }) {
  const words = useLoadedUiWords(lang);
  return words ? <UiWordsContext.Provider value={words}>{children}</UiWordsContext.Provider> : null;
}

/** A page inside the kit's words of the language `useLang` answers (a member-centre page: the shell's). */
export function withUiWords(Page: ComponentType, useLang: () => string): ComponentType {
  return function PageWithUiWords() {
    return (
      <WithUiWords lang={useLang()}>
        <Page />
      </WithUiWords>
    );
  };
}
