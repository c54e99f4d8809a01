import type { CustomScreen as CustomDef } from '../../../core/meta/types';
import type { ScreenProps } from '../kinds';
import { customComponent } from './registry';
import { useI18n } from '../../i18n/i18n';

export default function CustomScreen(props: ScreenProps) {
  const def = props.bundle.screen as CustomDef;
  const Component = customComponent(def.component);
  const { t } = useI18n();
  if (!Component)
    return (
      <div className="unknown-widget">
        {t('common.screenError')}: {def.component}
      </div>
    );
  return <Component {...props} />;
}
