import { createStore } from '../engine/store';

export const SKIN_COLOURS = ['blue', 'black', 'purple', 'green', 'red', 'yellow'] as const;
/** The spec asks for 14 skins but names six colours with a light variant each (12); teal and teal-light complete the 14. */
export const SKINS = [...SKIN_COLOURS.flatMap((c) => [`skin-${c}`, `skin-${c}-light`]), 'skin-teal', 'skin-teal-light'] as const;
export type Skin = (typeof SKINS)[number];

export interface ThemeState {
  skin: Skin;
  fixed: boolean;
  boxed: boolean;
  sidebarCollapsed: boolean;
  expandOnHover: boolean;
  rightSidebarSlide: boolean;
  rightSidebarLight: boolean;
}

const SKIN_KEY = 'skin';
const LAYOUT_KEY = 'hotelier.layout';

function initial(): ThemeState {
  const skin = (localStorage.getItem(SKIN_KEY) as Skin) || 'skin-blue';
  let layout: Partial<ThemeState>;
  try {
    layout = JSON.parse(localStorage.getItem(LAYOUT_KEY) ?? '{}');
  } catch {
    layout = {};
  }
  return {
    skin: SKINS.includes(skin) ? skin : 'skin-blue',
    fixed: layout.fixed ?? true,
    boxed: layout.boxed ?? false,
    sidebarCollapsed: layout.sidebarCollapsed ?? false,
    expandOnHover: layout.expandOnHover ?? false,
    rightSidebarSlide: layout.rightSidebarSlide ?? true,
    rightSidebarLight: layout.rightSidebarLight ?? false,
  };
}

export const themeStore = createStore<ThemeState>(initial());

/** The chosen skin is kept in local storage (as the spec says), the layout options beside it. */
themeStore.subscribe(() => {
  const { skin, ...layout } = themeStore.get();
  localStorage.setItem(SKIN_KEY, skin);
  localStorage.setItem(LAYOUT_KEY, JSON.stringify(layout));
});

export function setTheme(patch: Partial<ThemeState>) {
  themeStore.set((s) => ({ ...s, ...patch }));
}
