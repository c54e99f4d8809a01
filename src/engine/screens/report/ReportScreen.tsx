import { useEffect, useMemo, useState } from 'react';
import type { ReportScreen as ReportScreenDef } from '../../../core/meta/types';
import { ApiError } from '../../api/client';
import { dataProvider, type ReportMeta } from '../../api/dataProvider';
import { useI18n } from '../../i18n/i18n';
import { useStore } from '../../store';
import { navigationStore } from '../../../shell/navigation';
import { ReportView } from '../../reports/ReportView';
import { PageSkeleton, Problem } from '../ScreenHost';
import type { ScreenProps } from '../kinds';

/** Screen kind `report`: a route names a report code (or takes it from the URL) and gets its whole screen. */
export default function ReportScreen({ bundle, params }: ScreenProps) {
  const def = bundle.screen as ReportScreenDef;
  const code = def.report ?? (def.fromParam ? params[def.fromParam] : undefined) ?? '';
  const { t, lang } = useI18n();
  const nav = useStore(navigationStore);
  const [state, setState] = useState<{ meta?: ReportMeta; error?: string }>({});
  // the parameters the address fixes (a bill's payments at …/pos-payment-trans/{id})
  const fixedKey = JSON.stringify(
    Object.entries(def.routeParams ?? {}).flatMap(([from, to]) => (params[from] ? [[to, params[from]]] : [])),
  );
  const fixed = useMemo(() => Object.fromEntries(JSON.parse(fixedKey) as [string, string][]), [fixedKey]);

  useEffect(() => {
    const controller = new AbortController();
    setState({});
    dataProvider
      .reportMeta(code, controller.signal)
      .then((meta) => setState({ meta }))
      .catch((e: ApiError) => !e.aborted && setState({ error: e.message }));
    return () => controller.abort();
  }, [code]);

  if (state.error) return <Problem title={t('common.screenError')} text={state.error} />;
  if (!state.meta) return <PageSkeleton />;
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{def.title ? t(def.title) : state.meta.name[lang]}</h1>
          <div className="breadcrumb">{nav.breadcrumb}</div>
        </div>
      </div>
      {state.meta.description && (
        <p className="muted no-print" style={{ marginTop: -6 }}>
          {state.meta.description[lang]}
        </p>
      )}
      <ReportView code={code} meta={state.meta} fixed={fixed} />
    </>
  );
}
