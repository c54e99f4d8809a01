import { useState, type FormEvent } from 'react';
import Decimal from 'decimal.js';
import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { Refusal } from '../../engine/screens/Refusal';
import { useI18n } from '../../engine/i18n/i18n';
import type { FlowStepProps } from '../../engine/screens/flow/stepProps';
import { formatMoney } from '../../core/format/format';
import { RUPIAH_DENOMINATIONS } from '../../core/money/denominations';
import { Icon } from '../../widgets/Icon';
import { ReasonField } from '../../widgets/inputs/ReasonField';
import { LookupSelect } from '../../widgets/inputs/LookupSelect';
import { toast } from '../../shell/toasts';
import type { OpenShift } from './shiftTypes';
import { deskOf } from './desk';
import './gc.css';

const REASON_MIN = 3;

/**
 * Closing the shift: the cashier counts the box note by note; the count, what the box should hold and the
 * difference show as they type; a difference needs a reason before the shift closes.
 */
export default function ShiftCount({ send, route }: FlowStepProps) {
  const { t } = useI18n();
  const desk = deskOf(route);
  const current = useResource(desk.read, (signal) => dataProvider.read<{ shift: OpenShift | null }>(desk.read, {}, signal));
  const [counts, setCounts] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [taker, setTaker] = useState<number | null>(null);
  const [tried, setTried] = useState(false);
  const command = useCommand({ abortable: false });
  const shift = current.data?.shift;
  const counted = RUPIAH_DENOMINATIONS.reduce((s, d) => s.plus(new Decimal(d).times(counts[d] ?? 0)), new Decimal(0));
  const difference = shift ? counted.minus(shift.expected) : new Decimal(0);
  const needsReason = !difference.isZero() && reason.trim().length < REASON_MIN;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!shift || needsReason) return;
    const count = RUPIAH_DENOMINATIONS.map((d) => ({ denomination: d, quantity: counts[d] ?? 0 }));
    const done = await command.run((signal) =>
      dataProvider.run<{ expected: string; counted: string; difference: string; handed_to?: string }>(
        desk.close,
        { count, ...(difference.isZero() ? {} : { reason: reason.trim() }), ...(taker ? { hand_over_to: taker } : {}) },
        signal,
      ),
    );
    if (!done) return;
    if (done.handed_to) toast.success(t('gc-shift.handedOver', { name: done.handed_to }));
    send({
      type: 'CLOSED',
      data: {
        closed: done,
        expected_shown: formatMoney(done.expected),
        counted_shown: formatMoney(done.counted),
        difference_shown: formatMoney(done.difference),
        count_rows: count
          .filter((c) => c.quantity > 0)
          .map((c) => ({
            denomination: formatMoney(c.denomination),
            quantity: c.quantity,
            amount: formatMoney(c.denomination * c.quantity),
          })),
      },
    });
  };

  if (!shift) return <div className="skeleton" style={{ height: 320 }} aria-busy="true" />;
  return (
    <form className="card" onSubmit={(e) => void submit(e)} noValidate data-testid="gc-shift-close">
      <div className="card-body stack">
        <Refusal problem={command.problem} />
        <table className="table gc-count">
          <thead>
            <tr>
              <th className="num">{t('gc-shift.denomination')}</th>
              <th className="num">{t('gc-shift.quantity')}</th>
              <th className="num">{t('gc-shift.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {RUPIAH_DENOMINATIONS.map((d) => (
              <tr key={d}>
                <td className="num">
                  <label htmlFor={`gc-count-${d}`}>{formatMoney(d)}</label>
                </td>
                <td className="num">
                  <input
                    id={`gc-count-${d}`}
                    className="input num gc-count-input"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={100000}
                    value={counts[d] ?? ''}
                    placeholder="0"
                    onFocus={(e) => e.target.select()}
                    onChange={(e) => setCounts({ ...counts, [d]: Math.min(100000, Math.max(0, Math.floor(Number(e.target.value) || 0))) })}
                  />
                </td>
                <td className="num">{formatMoney(d * (counts[d] ?? 0))}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={2}>{t('gc-shift.counted')}</th>
              <th className="num" data-testid="gc-counted">
                {formatMoney(counted.toFixed(2))}
              </th>
            </tr>
            <tr>
              <th colSpan={2}>{t('gc-shift.expected')}</th>
              <th className="num">{formatMoney(shift.expected)}</th>
            </tr>
            <tr>
              <th colSpan={2}>{t('gc-shift.difference')}</th>
              <th className={`num ${difference.isZero() ? '' : 'gc-amount-out'}`} data-testid="gc-difference">
                {formatMoney(difference.toFixed(2))}
              </th>
            </tr>
          </tfoot>
        </table>
        {desk.handOver && (
          <div className="field">
            <label htmlFor="gc-hand-over">{t('gc-shift.handOverTo')}</label>
            <LookupSelect id="gc-hand-over" entity={desk.handOver} value={taker} onChange={setTaker} emptyLabel={t('common.noRows')} />
            <div className="field-help">{t('gc-shift.handOverHelp')}</div>
          </div>
        )}
        {!difference.isZero() && (
          <ReasonField
            id="gc-close-reason"
            label={t('gc-shift.reason')}
            value={reason}
            maxLength={300}
            invalid={tried && needsReason}
            help={t('gc-shift.reasonHelp')}
            onChange={setReason}
          />
        )}
      </div>
      <div className="card-footer row">
        <button type="submit" className="btn btn-primary" data-testid="gc-shift-close-submit">
          <Icon name="lock" size="sm" /> {t('gc-shift.close')}
        </button>
      </div>
    </form>
  );
}
