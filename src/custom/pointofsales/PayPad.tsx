import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import Decimal from 'decimal.js';
import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { useI18n } from '../../engine/i18n/i18n';
import { Refusal } from '../../engine/screens/Refusal';
import type { ScreenProps } from '../../engine/screens/kinds';
import { parseAmount } from '../../core/format/amount';
import { formatMoney } from '../../core/format/format';
import { equalParts } from '../../core/money/allocate';
import { LookupSelect } from '../../widgets/inputs/LookupSelect';
import { Icon } from '../../widgets/Icon';
import './pos.css';

type Kind = 'cash' | 'card' | 'transfer' | 'room' | 'city_ledger' | 'complimentary';
const KINDS: { kind: Kind; icon: string }[] = [
  { kind: 'cash', icon: 'dollar' },
  { kind: 'card', icon: 'credit-card' },
  { kind: 'transfer', icon: 'grid' },
  { kind: 'room', icon: 'bed' },
  { kind: 'city_ledger', icon: 'building' },
  { kind: 'complimentary', icon: 'user-check' },
];
const PARTS = [1, 2, 3, 4, 5, 6];

interface Paid {
  amount: string;
  shown_amount: string;
  shown_change: string;
  shown_remaining: string;
  status: 'open' | 'paid';
  /** how it was paid: a cash payment's note tells the change */
  kind?: Kind;
}

/** The next payment by default: the next equal part of a split bill, else what is still owed. */
function nextDue(total: string, paid: string, parts: number | null): Decimal {
  const owed = new Decimal(total).minus(paid);
  if (!parts) return owed;
  let upTo = new Decimal(0);
  for (const part of equalParts(total, parts)) {
    upTo = upTo.plus(part);
    if (upTo.gt(paid)) return upTo.minus(paid);
  }
  return owed;
}

/**
 * The cashier's payment pad for a bill: the bill's figures, a split into equal parts, and one payment at a time
 * by cash (what the guest hands over, the change shown), card, QRIS, the guest's room or complimentary — mixed as
 * the table wishes. The payment that completes the bill closes it.
 */
export default function PayPad({ params }: ScreenProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const id = Number(params.id);
  const check = useResource(`pointofsales/check/${id}`, (signal) => dataProvider.getOne('pointofsales/check', id, signal));
  const shift = useResource('pointofsales/shift', (signal) =>
    dataProvider.read<{ shift: { outlet_id: number; outlet_name: string } | null }>('pointofsales/shift', {}, signal),
  );
  const [kind, setKind] = useState<Kind>('cash');
  const [amount, setAmount] = useState('');
  const [tendered, setTendered] = useState('');
  const [article, setArticle] = useState<number | null>(null);
  const [last4, setLast4] = useState('');
  const [reference, setReference] = useState('');
  const [company, setCompany] = useState('');
  const [stay, setStay] = useState<number | null>(null);
  const [reason, setReason] = useState<number | null>(null);
  const [last, setLast] = useState<Paid | null>(null);
  const command = useCommand({ abortable: false });
  const row = check.data;

  if (!row || shift.loading) return <div className="skeleton" style={{ height: 320 }} aria-busy="true" />;
  const total = row.total as string;
  const paid = row.paid as string;
  const parts = row.split_parts as number | null;
  const due = nextDue(total, paid, parts);
  const owed = new Decimal(total).minus(paid);
  const typed = amount ? parseAmount(amount) : due.toFixed(0);
  const handed = tendered ? parseAmount(tendered) : undefined;
  const change = handed && typed ? new Decimal(handed).minus(typed) : null;

  const split = async (n: number) => {
    if (n === 1) return;
    const done = await command.run((signal) => dataProvider.run('pointofsales.splitEqual', { id, parts: n }, signal));
    if (done) await check.load();
  };
  const pay = async () => {
    const input: Record<string, unknown> = { id, kind, ...(amount ? { amount } : {}) };
    if (kind === 'cash' && tendered) input.tendered = tendered;
    if (kind === 'card' || kind === 'transfer')
      Object.assign(input, { pay_article_id: article ?? undefined }, kind === 'card' ? { card_last4: last4 } : {});
    if (kind === 'transfer' && reference) input.reference = reference;
    if (kind === 'room') input.reservation_id = stay ?? (row.reservation_id as number | null) ?? undefined;
    if (kind === 'city_ledger') input.company = company;
    if (kind === 'complimentary') input.reason_id = reason ?? undefined;
    const done = await command.run((signal) => dataProvider.run<Paid>('pointofsales.pay', input, signal));
    if (!done) return;
    setLast({ ...done, kind });
    setAmount('');
    setTendered('');
    setLast4('');
    setReference('');
    setCompany('');
    await check.load();
  };

  if (!shift.data?.shift)
    return (
      <div className="card">
        <div className="empty">
          <Icon name="lock" size="lg" />
          <p>{t('pos-till.noneOpen')}</p>
          <Link className="btn btn-primary" to="/pointofsales/cashier-open">
            {t('pos-till.title')}
          </Link>
        </div>
      </div>
    );

  const closed = row.status !== 'open';
  return (
    <div className="pos-pay" data-testid="pos-paypad">
      <div className="row pos-pad-bar">
        <button type="button" className="btn" onClick={() => navigate(`/pos/transaction/order?check=${id}`)}>
          <Icon name="arrow-left" size="sm" /> {t('pos-pad.backToOrder')}
        </button>
        <h2>
          {(row._refs as Record<string, string> | undefined)?.table_id ?? row.guest_name ?? ''} · {row.number as string}
        </h2>
      </div>
      <Refusal problem={command.problem} />
      <div className="pos-pay-body">
        <section className="card">
          <table className="table pos-figures">
            <tbody>
              {(['subtotal', 'discount', 'service', 'tax'] as const).map((f) => (
                <tr key={f}>
                  <td>{t(`check.${f}`)}</td>
                  <td className="num">{formatMoney(row[f] as string)}</td>
                </tr>
              ))}
              <tr className="pos-total-row">
                <td>{t('check.total')}</td>
                <td className="num" data-testid="pos-pay-total">
                  {formatMoney(total)}
                </td>
              </tr>
              <tr>
                <td>{t('check.paid')}</td>
                <td className="num">{formatMoney(paid)}</td>
              </tr>
              <tr className="pos-total-row">
                <td>{t('pos-pay.owed')}</td>
                <td className="num" data-testid="pos-owed">
                  {formatMoney(owed.toFixed(0))}
                </td>
              </tr>
            </tbody>
          </table>
          {!closed && new Decimal(paid).isZero() && (
            <div className="row pos-parts" role="group" aria-label={t('pos-check.splitEqual')}>
              <span className="muted">{t('pos-check.splitEqual')}</span>
              {PARTS.map((n) => (
                <button
                  key={n}
                  type="button"
                  className={`btn btn-sm${(parts ?? 1) === n ? ' btn-primary' : ''}`}
                  onClick={() => void split(n)}
                  data-testid={`pos-parts-${n}`}
                >
                  {n}
                </button>
              ))}
            </div>
          )}
          {parts && (
            <p className="muted" data-testid="pos-parts-shown">
              {t('pos-pay.parts', {
                parts: equalParts(total, parts)
                  .map((p) => formatMoney(p))
                  .join(' + '),
              })}
            </p>
          )}
          {last && (
            <div className="pos-paid-note" role="status" data-testid="pos-last-payment">
              {t(last.kind === 'cash' ? 'pos-check.paidCash' : 'pos-check.paidOther', { ...last })}
            </div>
          )}
        </section>
        {closed ? (
          <section className="card">
            <div className="empty">
              <Icon name="check" size="lg" />
              <p data-testid="pos-bill-paid">{t('pos-pay.billPaid', { number: row.number as string })}</p>
              <button type="button" className="btn btn-primary btn-lg" onClick={() => navigate('/pos/transaction/order')}>
                {t('pos-pad.tables')}
              </button>
            </div>
          </section>
        ) : (
          <section className="card">
            <div className="pos-kinds" role="tablist">
              {KINDS.map((k) => (
                <button
                  key={k.kind}
                  type="button"
                  role="tab"
                  aria-selected={kind === k.kind}
                  className={`pos-kind${kind === k.kind ? ' on' : ''}`}
                  onClick={() => setKind(k.kind)}
                  data-testid={`pos-kind-${k.kind}`}
                >
                  <Icon name={k.icon} />
                  {t(`pos-till.kind.${k.kind}`)}
                </button>
              ))}
            </div>
            <div className="card-body stack">
              <div className="field">
                <label htmlFor="pos-amount">{t('pos-check.amount')}</label>
                <input
                  id="pos-amount"
                  className="input num pos-big"
                  inputMode="numeric"
                  placeholder={formatMoney(due.toFixed(0))}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                />
              </div>
              {kind === 'cash' && (
                <div className="field">
                  <label htmlFor="pos-tendered">{t('pos-check.tendered')}</label>
                  <input
                    id="pos-tendered"
                    className="input num pos-big"
                    inputMode="numeric"
                    value={tendered}
                    onChange={(e) => setTendered(e.target.value)}
                  />
                  <div className="row pos-quick">
                    {[50000, 100000, 200000, 500000].map((n) => (
                      <button key={n} type="button" className="btn" onClick={() => setTendered(formatMoney(String(n)))}>
                        {formatMoney(String(n))}
                      </button>
                    ))}
                  </div>
                  {change && change.gte(0) && (
                    <div className="field-help">{t('pos-pay.change', { change: formatMoney(change.toFixed(0)) })}</div>
                  )}
                </div>
              )}
              {(kind === 'card' || kind === 'transfer') && (
                <div className="field">
                  <label htmlFor="pos-article">{t(kind === 'card' ? 'pos-check.card' : 'pos-pay.transferKind')}</label>
                  <LookupSelect
                    id="pos-article"
                    entity="system/pay-article"
                    filter={{ payment_type: { op: 'eq', value: kind }, active: { op: 'eq', value: true } }}
                    value={article}
                    onChange={setArticle}
                    emptyLabel={t('common.noRows')}
                  />
                </div>
              )}
              {kind === 'card' && (
                <div className="field">
                  <label htmlFor="pos-last4">{t('pos-check.last4')}</label>
                  <input
                    id="pos-last4"
                    className="input num"
                    inputMode="numeric"
                    maxLength={4}
                    value={last4}
                    onChange={(e) => setLast4(e.target.value.replace(/\D/g, ''))}
                  />
                </div>
              )}
              {kind === 'transfer' && (
                <div className="field">
                  <label htmlFor="pos-reference">{t('pos-pay.reference')}</label>
                  <input
                    id="pos-reference"
                    className="input"
                    maxLength={30}
                    value={reference}
                    onChange={(e) => setReference(e.target.value)}
                  />
                </div>
              )}
              {kind === 'room' && (
                <div className="field">
                  <label htmlFor="pos-stay">{t('pos-check.room')}</label>
                  <LookupSelect
                    id="pos-stay"
                    entity="frontoffice/reservation"
                    filter={{ status: { op: 'eq', value: 'in_house' } }}
                    value={stay ?? (row.reservation_id as number | null)}
                    onChange={setStay}
                    emptyLabel={t('common.noRows')}
                  />
                </div>
              )}
              {kind === 'city_ledger' && (
                <div className="field">
                  <label htmlFor="pos-company">{t('pos-pay.company')}</label>
                  <input
                    id="pos-company"
                    className="input"
                    maxLength={120}
                    value={company}
                    onChange={(e) => setCompany(e.target.value)}
                    placeholder={t('pos-pay.companyHint')}
                  />
                </div>
              )}
              {kind === 'complimentary' && (
                <div className="field">
                  <label htmlFor="pos-reason">{t('pos-check.compReason')}</label>
                  <LookupSelect
                    id="pos-reason"
                    entity="pointofsales/reason"
                    filter={{ kind: { op: 'eq', value: 'complimentary' } }}
                    value={reason}
                    onChange={setReason}
                    emptyLabel={t('common.noRows')}
                  />
                </div>
              )}
            </div>
            <div className="card-footer row">
              <button type="button" className="btn btn-primary btn-lg" onClick={() => void pay()} data-testid="pos-pay-submit">
                <Icon name="check" size="sm" /> {t('pos-pay.take', { amount: formatMoney(typed ?? due.toFixed(0)) })}
              </button>
            </div>
          </section>
        )}
      </div>
    </div>
  );
}
