import type { ReactNode } from 'react';
import type { ApiError } from '../../engine/api/client';
import { useI18n } from '../../engine/i18n/i18n';
import type { FlowStepProps } from '../../engine/screens/flow/stepProps';
import { formatDate } from '../../core/format/format';
import { Icon } from '../../widgets/Icon';
import { LanguageSwitch } from './LanguageSwitch';
import { signingApi } from './signingApi';
import { Problem, SigningSheet } from './SigningSheet';
import { useSigningView } from './useSigningView';

const nights = (a: string, d: string) => Math.round((Date.parse(d) - Date.parse(a)) / 86_400_000);

/** The guest checks their registration as the desk has it — in English or Indonesian — before agreeing to anything. */
export default function SignReview({ send }: FlowStepProps) {
  const { t } = useI18n();
  const { view, setView, error, fail } = useSigningView(send);
  if (!view)
    return (
      <SigningSheet title={t('signing.step.review')}>
        {error ? <Problem text={error} /> : <div className="skeleton" style={{ height: 260 }} />}
      </SigningSheet>
    );
  const r = view.registration;
  const rows: [string, ReactNode][] = [
    ['name', <strong key="n">{r.guest}</strong>],
    ['nationality', r.nationality ?? '—'],
    ['identity', [r.idType, r.idNumber].filter(Boolean).join(' · ') || '—'],
    ['stay', `${formatDate(r.arrival)} → ${formatDate(r.departure)} · ${t('signing.nights', { count: nights(r.arrival, r.departure) })}`],
    ['room', r.room ? `${r.room} · ${r.roomType}` : r.roomType],
    ['rate', r.rateCode ?? '—'],
    ['guests', t('signing.party', { adults: r.adults, children: r.children })],
  ];
  const switchTo = async (l: 'en' | 'id') => {
    try {
      setView(await signingApi.language(l));
    } catch (e) {
      fail(e as ApiError);
    }
  };
  return (
    <SigningSheet
      hotel={view.hotel}
      title={t('signing.reviewTitle')}
      actions={
        <button type="button" className="btn btn-primary btn-lg" onClick={() => send({ type: 'NEXT' })} data-testid="pdp-next">
          {t('signing.correct')} <Icon name="chevron-right" />
        </button>
      }
    >
      <LanguageSwitch onPick={switchTo} />
      <dl className="pdp-facts" data-testid="pdp-registration">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{t(`signing.field.${k}`)}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">{t('signing.wrongData', { code: r.code })}</p>
      <Problem text={error} />
    </SigningSheet>
  );
}
