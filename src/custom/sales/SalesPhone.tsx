import { useCallback, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { Refusal } from '../../engine/screens/Refusal';
import { useI18n } from '../../engine/i18n/i18n';
import type { ScreenProps } from '../../engine/screens/kinds';
import { formatDate, formatInteger, formatMoney, formatPercent } from '../../core/format/format';
import { parseAmount } from '../../core/format/amount';
import { toast } from '../../shell/toasts';
import { Icon } from '../../widgets/Icon';
import { useOutbox } from './useOutbox';
import './salesPhone.css';

interface Activity {
  id: number;
  subject: string;
  company: string | null;
  kind: string;
  type: string;
  type_id_name: string | null;
  status: string;
  outcome: string | null;
}
interface Overview {
  person: { id: number; name: string } | null;
  types?: { id: number; code: string; name: string; name_id: string | null; kind: string }[];
  businessDate?: string;
  today?: Activity[];
  leads?: {
    id: number;
    number: string;
    name: string;
    stage: string;
    stage_id_name: string | null;
    value: string;
    weighted: string;
    expected_close: string;
  }[];
  pipeline?: { count: number; value: string; weighted: string };
  production?: { room_nights: number; revenue: string; budget_nights: number; budget_revenue: string };
}

const SECTION: Record<string, 'home' | 'visit' | 'pipeline' | 'lead' | 'plan'> = {
  dashboard: 'home',
  dashboards: 'home',
  actreport: 'home',
  salestpm: 'visit',
  'salestpm-forms': 'visit',
  saleslist: 'pipeline',
  lead: 'lead',
  'saleslists-forms': 'lead',
  actplan: 'plan',
  'plan-activity': 'plan',
};
const OUTCOMES = ['positive', 'neutral', 'negative'] as const;

/** The sales team's phone: the day's diary, logging a visit (offline too), a new lead, the pipeline and production. */
export default function SalesPhone({ bundle }: ScreenProps) {
  const { t, lang } = useI18n();
  const view = String((bundle.screen as { props?: { view?: string } }).props?.view ?? 'dashboard');
  const section = SECTION[view] ?? 'home';
  const overview = useResource('sales/app/overview', (signal) => dataProvider.read<Overview>('sales/app/overview', {}, signal));
  // offline, what the phone shows stays as it was read; the outbox reloads it once it has sent
  const reload = useCallback(() => {
    if (navigator.onLine) void overview.load();
  }, [overview]);
  const outbox = useOutbox(reload);
  // the visit being recorded in place ('new' for one not planned): a phone offline cannot fetch another screen
  const [completing, setCompleting] = useState<Activity | 'new' | null>(null);
  const data = overview.data;

  if (overview.loading && !data) return <div className="skeleton" style={{ height: 240 }} aria-busy="true" />;
  if (data && !data.person) return <p className="card card-body">{t('sales-app.notPerson')}</p>;
  const name = (n: string, id: string | null) => (lang === 'id' && id ? id : n);
  const nav = (
    <nav className="sales-phone-nav">
      <Link to="/sales/app/dashboard" className={section === 'home' ? 'active' : ''}>
        <Icon name="home" /> {t('sales-app.title.dashboard')}
      </Link>
      <Link to="/sales/app/salestpm-forms" className={section === 'visit' ? 'active' : ''} data-testid="sales-app-log-visit">
        <Icon name="edit" /> {t('sales-app.logVisit')}
      </Link>
      <Link to="/sales/app/saleslist" className={section === 'pipeline' ? 'active' : ''}>
        <Icon name="trending-up" /> {t('sales-app.pipeline')}
      </Link>
      <Link to="/sales/app/lead" className={section === 'lead' ? 'active' : ''}>
        <Icon name="plus" /> {t('sales-app.newLead')}
      </Link>
    </nav>
  );
  const status = (
    <div className={`sales-phone-status ${outbox.online ? '' : 'offline'}`} data-testid="sales-app-status">
      {!outbox.online && <span>{t('sales-app.offline')}</span>}
      {outbox.waiting > 0 && <strong> {t('sales-app.queued', { count: outbox.waiting })}</strong>}
    </div>
  );
  return (
    <div className="sales-phone" data-testid="sales-phone">
      {nav}
      {status}
      {section === 'home' && data && (
        <>
          <section className="card">
            <div className="card-body stack">
              <div className="sales-phone-row">
                <h3>{t('sales-app.today', { date: formatDate(data.businessDate) })}</h3>
                <button className="btn btn-primary" onClick={() => setCompleting('new')} data-testid="sales-app-new-visit">
                  <Icon name="plus" /> {t('sales-app.logVisit')}
                </button>
              </div>
              {!data.today?.length && <p className="muted">{t('sales-app.nothingToday')}</p>}
              {data.today?.map((a) => (
                <div key={a.id} className="sales-phone-row" data-testid="sales-app-today-row">
                  <div>
                    <strong>{a.subject}</strong>
                    <div className="muted">
                      {name(a.type, a.type_id_name)}
                      {a.company ? ` · ${a.company}` : ''}
                    </div>
                  </div>
                  {a.status === 'planned' ? (
                    <button className="btn btn-primary" onClick={() => setCompleting(a)} data-testid="sales-app-complete">
                      {t('sales-app.complete')}
                    </button>
                  ) : (
                    <span className={`chip chip-${a.outcome}`}>{t(`activity.outcome.${a.outcome}`)}</span>
                  )}
                </div>
              ))}
            </div>
          </section>
          {completing && (
            <VisitForm
              key={completing === 'new' ? 'new' : completing.id}
              data={data}
              activity={completing === 'new' ? undefined : completing}
              send={outbox.send}
              onDone={() => {
                setCompleting(null);
                reload();
              }}
            />
          )}
          <Production data={data} />
          <PipelineCard data={data} />
        </>
      )}
      {section === 'visit' && data && <VisitForm data={data} send={outbox.send} onDone={reload} />}
      {section === 'pipeline' && data && <PipelineCard data={data} full />}
      {section === 'lead' && data && <LeadForm onDone={reload} />}
      {section === 'plan' && data && <PlanForm data={data} onDone={reload} />}
    </div>
  );
}

function Production({ data }: { data: Overview }) {
  const { t, lang } = useI18n();
  const p = data.production!;
  const achieved = Number(p.budget_revenue) > 0 ? ((Number(p.revenue) * 100) / Number(p.budget_revenue)).toFixed(2) : null;
  return (
    <section className="card" data-testid="sales-app-production">
      <div className="card-body stack">
        <h3>{t('sales-app.production')}</h3>
        <div className="sales-phone-figures">
          <div>
            <span className="muted">{t('sales-app.revenue')}</span>
            <strong>{formatMoney(p.revenue)}</strong>
            <span className="muted">{t('sales-app.target', { value: formatMoney(p.budget_revenue) })}</span>
          </div>
          <div>
            <span className="muted">{t('sales-app.roomNights')}</span>
            <strong>{formatInteger(p.room_nights, lang)}</strong>
            <span className="muted">{t('sales-app.target', { value: formatInteger(p.budget_nights, lang) })}</span>
          </div>
        </div>
        {achieved && (
          <div className="sales-phone-bar" aria-label={t('sales-app.achieved', { value: formatPercent(achieved, lang) })}>
            <div style={{ width: `${Math.min(100, Number(achieved))}%` }} />
            <span>{t('sales-app.achieved', { value: formatPercent(achieved, lang) })}</span>
          </div>
        )}
      </div>
    </section>
  );
}

function PipelineCard({ data, full }: { data: Overview; full?: boolean }) {
  const { t, lang } = useI18n();
  const p = data.pipeline!;
  return (
    <section className="card" data-testid="sales-app-pipeline">
      <div className="card-body stack">
        <h3>{t('sales-app.pipeline')}</h3>
        <p>
          {t('sales-app.openLeads', { count: p.count })} · {formatMoney(p.value)} ·{' '}
          {t('sales-app.weighted', { value: formatMoney(p.weighted) })}
        </p>
        {full && !data.leads?.length && <p className="muted">{t('sales-app.noLeads')}</p>}
        {full &&
          data.leads?.map((l) => (
            <div key={l.id} className="sales-phone-row">
              <div>
                <strong>{l.name}</strong>
                <div className="muted">
                  {l.number} · {lang === 'id' && l.stage_id_name ? l.stage_id_name : l.stage} · {formatDate(l.expected_close)}
                </div>
              </div>
              <div className="num">
                {formatMoney(l.value)}
                <div className="muted">{formatMoney(l.weighted)}</div>
              </div>
            </div>
          ))}
      </div>
    </section>
  );
}

type Send = ReturnType<typeof useOutbox>['send'];

/** The activity types as buttons: one tap chooses. */
function TypeChips({ types, chosen, choose }: { types: Overview['types']; chosen: number | undefined; choose: (id: number) => void }) {
  const { t, lang } = useI18n();
  return (
    <div className="sales-phone-chips" role="radiogroup" aria-label={t('sales-app.type')}>
      {types?.map((x) => (
        <button
          type="button"
          key={x.id}
          className={`btn ${chosen === x.id ? 'btn-primary' : ''}`}
          aria-pressed={chosen === x.id}
          onClick={() => choose(x.id)}
        >
          {lang === 'id' && x.name_id ? x.name_id : x.name}
        </button>
      ))}
    </div>
  );
}

/** A visit in a few taps: its type, who, the outcome, what happened; a planned one only needs the outcome. */
function VisitForm({ data, activity, send, onDone }: { data: Overview; activity?: Activity; send: Send; onDone: () => void }) {
  const { t } = useI18n();
  const visitType = data.types?.find((x) => x.kind === 'visit') ?? data.types?.[0];
  const [type, setType] = useState<number | undefined>(visitType?.id);
  const [subject, setSubject] = useState('');
  const [company, setCompany] = useState('');
  const [outcome, setOutcome] = useState<string>('positive');
  const [result, setResult] = useState('');
  const [nextStep, setNextStep] = useState('');
  const [problem, setProblem] = useState<unknown>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const key = crypto.randomUUID();
    const input: Record<string, unknown> = activity
      ? { client_key: key, activity_id: activity.id, outcome, result, next_step: nextStep || null }
      : {
          client_key: key,
          plan_type_id: type,
          activity_date: data.businessDate,
          subject,
          company: company || null,
          outcome,
          result,
          next_step: nextStep || null,
        };
    try {
      const how = await send('sales.logActivity', input, key);
      toast.success(t(how === 'sent' ? 'sales-app.saved' : 'sales-app.savedOffline'));
      setSubject('');
      setCompany('');
      setResult('');
      setNextStep('');
      onDone();
    } catch (err) {
      setProblem(err);
    }
  };
  return (
    <form className="card" onSubmit={(e) => void submit(e)} data-testid="sales-app-visit-form">
      <div className="card-body stack">
        <h3>{activity ? activity.subject : t('sales-app.logVisit')}</h3>
        <Refusal problem={problem as never} />
        {!activity && (
          <>
            <TypeChips types={data.types} chosen={type} choose={setType} />
            <label>
              {t('sales-app.subject')}
              <input
                required
                maxLength={120}
                value={subject}
                onChange={(e) => setSubject(e.target.value)}
                data-testid="sales-app-subject"
              />
            </label>
            <label>
              {t('sales-app.company')}
              <input maxLength={120} value={company} onChange={(e) => setCompany(e.target.value)} data-testid="sales-app-company" />
            </label>
          </>
        )}
        <div className="sales-phone-chips" role="radiogroup" aria-label={t('sales-app.outcome')}>
          {OUTCOMES.map((o) => (
            <button
              type="button"
              key={o}
              className={`btn ${outcome === o ? 'btn-primary' : ''}`}
              aria-pressed={outcome === o}
              onClick={() => setOutcome(o)}
              data-testid={`sales-app-outcome-${o}`}
            >
              {t(`activity.outcome.${o}`)}
            </button>
          ))}
        </div>
        <label>
          {t('sales-app.result')}
          <textarea
            required
            maxLength={1000}
            rows={3}
            value={result}
            onChange={(e) => setResult(e.target.value)}
            data-testid="sales-app-result"
          />
        </label>
        <label>
          {t('sales-app.nextStep')}
          <input maxLength={200} value={nextStep} onChange={(e) => setNextStep(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary" data-testid="sales-app-save">
          {t('sales-app.save')}
        </button>
      </div>
    </form>
  );
}

/** A new lead needs the server (its number, its owner): the form says so while offline. */
function LeadForm({ onDone }: { onDone: () => void }) {
  const { t } = useI18n();
  const stages = useResource('sales/stage/open', (signal) =>
    dataProvider.lookup('sales/stage', { filter: { outcome: { op: 'eq', value: 'open' } } }, signal),
  );
  const [name, setName] = useState('');
  const [company, setCompany] = useState('');
  const [value, setValue] = useState('');
  const [close, setClose] = useState('');
  const [stage, setStage] = useState<number | undefined>();
  const command = useCommand({ abortable: false });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const chosen = stage ?? stages.data?.rows[0]?.id;
    const done = await command.run((signal) =>
      dataProvider.create(
        'sales/lead',
        { name, company: company || null, value: parseAmount(value) ?? '0', expected_close: close, stage_id: chosen },
        signal,
      ),
    );
    if (done) {
      toast.success(t('sales-app.leadSaved', { number: done.number }));
      setName('');
      setCompany('');
      setValue('');
      onDone();
    }
  };
  return (
    <form className="card" onSubmit={(e) => void submit(e)} data-testid="sales-app-lead-form">
      <div className="card-body stack">
        <h3>{t('sales-app.newLead')}</h3>
        {!navigator.onLine && <p className="muted">{t('sales-app.needsOnline')}</p>}
        <Refusal problem={command.problem} />
        <label>
          {t('sales-app.leadName')}
          <input required maxLength={120} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          {t('sales-app.company')}
          <input maxLength={120} value={company} onChange={(e) => setCompany(e.target.value)} />
        </label>
        <label>
          {t('sales-app.value')}
          <input inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} />
        </label>
        <label>
          {t('sales-app.expectedClose')}
          <input type="date" required value={close} onChange={(e) => setClose(e.target.value)} />
        </label>
        <label>
          {t('sales-app.stage')}
          <select value={stage ?? ''} onChange={(e) => setStage(Number(e.target.value))}>
            {stages.data?.rows.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary">
          {t('sales-app.save')}
        </button>
      </div>
    </form>
  );
}

/** Planning: an activity for a coming day goes into the person's diary as planned. */
function PlanForm({ data, onDone }: { data: Overview; onDone: () => void }) {
  const { t } = useI18n();
  const [type, setType] = useState<number | undefined>(data.types?.[0]?.id);
  const [date, setDate] = useState(data.businessDate ?? '');
  const [subject, setSubject] = useState('');
  const command = useCommand({ abortable: false });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const done = await command.run((signal) =>
      dataProvider.create('sales/activity', { plan_type_id: type, activity_date: date, subject, status: 'planned' }, signal),
    );
    if (done) {
      toast.success(t('sales-app.planSaved'));
      setSubject('');
      onDone();
    }
  };
  return (
    <form className="card" onSubmit={(e) => void submit(e)} data-testid="sales-app-plan-form">
      <div className="card-body stack">
        <h3>{t('sales-app.title.plan-activity')}</h3>
        <Refusal problem={command.problem} />
        <TypeChips types={data.types} chosen={type} choose={setType} />
        <label>
          {t('sales-app.date')}
          <input type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
        </label>
        <label>
          {t('sales-app.subject')}
          <input required maxLength={120} value={subject} onChange={(e) => setSubject(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary">
          {t('sales-app.save')}
        </button>
      </div>
    </form>
  );
}
