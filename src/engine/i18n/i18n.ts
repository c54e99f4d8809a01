import { useMemo } from 'react';
import axios from 'axios';
import { routeNameKey, type I18nText, type Lang } from '../../core/meta/types';
import { createStore, useStore } from '../store';
import { LANG_COOKIE } from '../../core/api/contract';

const LANG_KEY = 'hotelier.lang';

interface I18nState {
  lang: Lang;
  labels: Record<string, string>;
}

export const i18nStore = createStore<I18nState>({ lang: initialLang(), labels: {} });

function initialLang(): Lang {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(LANG_KEY) : null;
  if (saved === 'en' || saved === 'id') return saved;
  return typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('id') ? 'id' : 'en';
}

/**
 * Loads every label of one language from the server (public, cached by ETag). The language travels in a
 * cookie, so the request is the very one index.html preloaded while the scripts were downloading; the
 * server says which language it answered in, and a first visit it guessed wrong is asked again by name.
 */
export async function loadLabels(lang: Lang = i18nStore.get().lang) {
  document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
  let res = await axios.get<Record<string, string>>('/api/meta/labels');
  if (res.headers['content-language'] !== lang) res = await axios.get<Record<string, string>>('/api/meta/labels', { params: { lang } });
  const data = res.data;
  i18nStore.set({ lang, labels: data });
  localStorage.setItem(LANG_KEY, lang);
  document.documentElement.lang = lang;
}

export function format(text: string, params?: Record<string, unknown>) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (_, p) => (p in params ? String(params[p]) : `{${p}}`));
}

/** Translates a label key; an unknown key shows itself so a missing label is visible, never blank. */
export function t(key: string, params?: Record<string, unknown>): string {
  return format(i18nStore.get().labels[key] ?? key, params);
}

/** A name given in both languages inline (route names) in the current language. */
export function pick(text: I18nText | undefined): string {
  return text ? text[i18nStore.get().lang] : '';
}

/**
 * Re-renders the component when the language changes and gives it `t`, `pick`, `has` and `routeName` (a route's
 * name by its full path, '' for a route without one) — the same
 * functions until the labels change, so they can sit in a hook's dependencies.
 */
export function useI18n() {
  const state = useStore(i18nStore);
  return useMemo(
    () => ({
      lang: state.lang,
      t: (key: string, params?: Record<string, unknown>) => format(state.labels[key] ?? key, params),
      pick: (text: I18nText | undefined) => (text ? text[state.lang] : ''),
      has: (key: string) => key in state.labels,
      routeName: (fullPath: string) => state.labels[routeNameKey(fullPath)] ?? '',
    }),
    [state],
  );
}
