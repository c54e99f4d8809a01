import { useEffect, useState, type FormEvent } from 'react';
import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { Refusal } from '../../engine/screens/Refusal';
import { useI18n } from '../../engine/i18n/i18n';
import type { FlowStepProps } from '../../engine/screens/flow/stepProps';
import { parseAmount } from '../../core/format/amount';
import { formatMoney } from '../../core/format/format';
import { Icon } from '../../widgets/Icon';
import type { OpenShift } from './shiftTypes';
import { deskOf } from './desk';

/**
 * The first step of a cashier's shift: a shift already open goes straight to work; otherwise the cashier picks
 * the cash box (a cash account; at the point of sales, the outlet) and types the float counted into it.
 */
export default function ShiftOpen({ send, route }: FlowStepProps) {
  const { t } = useI18n();
  const desk = deskOf(route);
  const current = useResource(desk.read, (signal) => dataProvider.read<{ shift: OpenShift | null }>(desk.read, {}, signal));
  const accounts = useResource(desk.atOutlet ? 'pointofsales/shift-outlets' : 'gc/cash-accounts', (signal) =>
    desk.atOutlet
      ? dataProvider.lookup('system/outlet', { filter: { active: { op: 'eq', value: true } } }, signal)
      : dataProvider.lookup('gl/coa', { filter: { is_cash: { op: 'eq', value: true }, posting: { op: 'eq', value: true } } }, signal),
  );
  const [account, setAccount] = useState<number | null>(null);
  const [float, setFloat] = useState('');
  const [tried, setTried] = useState(false);
  const command = useCommand({ abortable: false });
  const open = current.data?.shift;
  useEffect(() => {
    if (open) send({ type: 'OPENED', data: { shift: open } });
  }, [open, send]);
  const choices = accounts.data?.rows ?? [];
  const chosen = account ?? choices[0]?.id ?? null;
  const amount = parseAmount(float);
  const floatOk = amount !== undefined && Number(amount) >= 0 && !amount.includes('.');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!floatOk || chosen === null) return;
    const done = await command.run((signal) =>
      dataProvider.run<{ shift: OpenShift }>(
        desk.open,
        desk.atOutlet ? { outlet_id: chosen, opening_float: amount } : { cash_account_id: chosen, opening_float: amount },
        signal,
      ),
    );
    if (done) send({ type: 'OPENED', data: { shift: done.shift } });
  };

  if (current.loading || open) return <div className="skeleton" style={{ height: 180 }} aria-busy="true" />;
  return (
    <form className="card gc-shift-open" onSubmit={(e) => void submit(e)} noValidate data-testid="gc-shift-open">
      <div className="card-body stack">
        <p className="muted">{t(desk.atOutlet ? 'pos-till.openIntro' : 'gc-shift.openIntro')}</p>
        <Refusal problem={command.problem} />
        <div className="form-grid">
          <div className="field">
            <label htmlFor="gc-cash-account">{t(desk.atOutlet ? 'pos-till.outlet' : 'gc-shift.cashAccount')}</label>
            <select
              id="gc-cash-account"
              className="select"
              value={chosen ?? ''}
              onChange={(e) => setAccount(Number(e.target.value))}
              disabled={!choices.length}
            >
              {choices.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="gc-float">{t('gc-shift.float')}</label>
            <input
              id="gc-float"
              className="input num"
              inputMode="numeric"
              value={float}
              placeholder="0"
              aria-invalid={tried && !floatOk}
              aria-describedby="gc-float-help"
              onChange={(e) => setFloat(e.target.value)}
            />
            <div id="gc-float-help" className={tried && !floatOk ? 'field-error' : 'field-help'}>
              {tried && !floatOk ? t('gc-shift.floatForm') : floatOk ? formatMoney(amount) : t('gc-shift.floatHelp')}
            </div>
          </div>
        </div>
      </div>
      <div className="card-footer row">
        <button type="submit" className="btn btn-primary" data-testid="gc-shift-open-submit">
          <Icon name="unlock" size="sm" /> {t('gc-shift.open')}
        </button>
      </div>
    </form>
  );
}
