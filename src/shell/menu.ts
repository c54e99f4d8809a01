import { dataProvider } from '../engine/api/dataProvider';
import { createStore } from '../engine/store';
import type { I18nText } from '../core/meta/types';

export interface MenuItem {
  path: string;
  name: I18nText;
  icon?: string;
  children?: MenuItem[];
}

/** The signed-in user's menu for the active property, as the server filters it by their rights. */
export const menuStore = createStore<MenuItem[] | null>(null);

export async function loadMenu() {
  const { items } = await dataProvider.menu<MenuItem>();
  menuStore.set(items);
}
