import { useEffect, useState } from 'react';
import { useI18n } from '../engine/i18n/i18n';

/** The app version, read from package.json in a module loaded lazily, as the spec describes. */
export function AppVersion() {
  const [version, setVersion] = useState<string>();
  const { t } = useI18n();
  useEffect(() => {
    void import('./version').then((m) => setVersion(m.version));
  }, []);
  return <span>{version ? t('shell.version', { version }) : ''}</span>;
}
