import { loadLabels, useI18n } from '../../engine/i18n/i18n';
import type { Lang } from '../../core/meta/types';

/** English or Indonesian, for the guest's own reading; `onPick` also tells the server (the texts shown follow). */
export function LanguageSwitch({ onPick }: { onPick?: (lang: Lang) => Promise<void> | void }) {
  const { t, lang } = useI18n();
  const pick = async (l: Lang) => {
    await onPick?.(l);
    await loadLabels(l);
  };
  return (
    <div className="lang-switch pdp-lang" role="group" aria-label={t('shell.language')}>
      {(['en', 'id'] as const).map((l) => (
        <button key={l} type="button" className={l === lang ? 'on' : ''} aria-pressed={l === lang} onClick={() => void pick(l)}>
          {l === 'en' ? 'English' : 'Bahasa Indonesia'}
        </button>
      ))}
    </div>
  );
}
