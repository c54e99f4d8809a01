import { useStore } from '../engine/store';
import { useI18n } from '../engine/i18n/i18n';
import { SKINS, setTheme, themeStore, type Skin, type ThemeState } from './theme';

const SWATCH: Record<string, [string, string]> = {
  blue: ['#28699f', '#2f7dbd'],
  black: ['#ffffff', '#f3f4f6'],
  purple: ['#555299', '#605ca8'],
  green: ['#1a8a55', '#1f9d61'],
  red: ['#bb3f32', '#d0483a'],
  yellow: ['#d28b09', '#e69a0c'],
  teal: ['#107a7a', '#138a8a'],
};

/** The theme settings panel: AdminLTE's layout options and the 14 skins, kept in local storage. */
export function ThemePanel({ open }: { open: boolean }) {
  const theme = useStore(themeStore);
  const { t } = useI18n();
  const option = (key: keyof ThemeState, label: string) => (
    <label className="check">
      <input type="checkbox" checked={Boolean(theme[key])} onChange={(e) => setTheme({ [key]: e.target.checked })} /> {label}
    </label>
  );
  return (
    <aside
      className={`control-sidebar${open ? ' open' : ''}${theme.rightSidebarLight ? ' light' : ''}${theme.rightSidebarSlide ? ' slide-over' : ''}`}
      aria-hidden={!open}
      aria-label={t('shell.themeTitle')}
    >
      <h3>{t('shell.layout')}</h3>
      {option('fixed', t('shell.fixedLayout'))}
      {option('boxed', t('shell.boxedLayout'))}
      {option('sidebarCollapsed', t('shell.toggleSidebarOption'))}
      {option('expandOnHover', t('shell.expandOnHover'))}
      {option('rightSidebarSlide', t('shell.rightSidebarSlide'))}
      {option('rightSidebarLight', t('shell.rightSidebarSkin'))}
      <h3 style={{ marginTop: 18 }}>{t('shell.skins')}</h3>
      <div className="skin-grid">
        {SKINS.map((skin) => {
          const colour = skin.replace('skin-', '').replace('-light', '');
          const light = skin.endsWith('-light');
          const [logo, bar] = SWATCH[colour];
          const name = t(`shell.skin.${colour}`);
          return (
            <button
              key={skin}
              type="button"
              className={`skin-swatch${theme.skin === skin ? ' on' : ''}`}
              onClick={() => setTheme({ skin: skin as Skin })}
              aria-pressed={theme.skin === skin}
              data-skin={skin}
            >
              <span className="sw">
                <i style={{ background: logo }} />
                <i style={{ background: bar }} />
                <i style={{ background: light ? '#f8fafc' : '#1f2a33' }} />
                <i style={{ background: '#eef1f5' }} />
              </span>
              {light ? t('shell.skin.light', { name }) : name}
            </button>
          );
        })}
      </div>
    </aside>
  );
}
