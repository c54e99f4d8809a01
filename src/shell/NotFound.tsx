import { useLocation } from 'react-router-dom';
import { useI18n } from '../engine/i18n/i18n';
import { Problem } from '../engine/screens/ScreenHost';

export function NotFound() {
  const { t } = useI18n();
  const location = useLocation();
  return <Problem title={t('common.notFound')} text={t('common.notFoundText', { path: location.pathname })} />;
}
