/// <reference types="astro/client" />
declare namespace App {
  interface Locals {
    /** The request's site locale (route form: en, es). */
    locale: import('./kernel/locales.ts').Locale;
    /** Translate function fixed to the request's locale. */
    t: import('i18next').TFunction;
  }
}
