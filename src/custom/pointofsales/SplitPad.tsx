import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { useI18n } from '../../engine/i18n/i18n';
import { Refusal } from '../../engine/screens/Refusal';
import type { ScreenProps } from '../../engine/screens/kinds';
import { formatMoney } from '../../core/format/format';
import { Icon } from '../../widgets/Icon';
import './pos.css';

interface Item {
  id: number;
  menu_id: number;
  quantity: number;
  seat: number | null;
  modifiers: string | null;
  amount: string;
  status: string;
  _refs?: Record<string, string>;
}

/**
 * Splitting a table's bill: tick the items one guest takes (or a whole seat at once) and move them to a bill
 * of their own, each then taxed and paid apart; or pay the bill in equal parts. The server keeps the totals.
 */
export default function SplitPad(_props: ScreenProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = Number(search.get('check'));
  const check = useResource(id ? `pointofsales/check/${id}` : null, (signal) => dataProvider.getOne('pointofsales/check', id, signal));
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [made, setMade] = useState<{ id: number; number: string; total: string; left: string } | null>(null);
  const command = useCommand({ abortable: false });

  if (!id)
    return (
      <div className="card">
        <div className="empty">
          <p>{t('pos-split.chooseBill')}</p>
          <button type="button" className="btn btn-primary" onClick={() => navigate('/pos/transaction/order')}>
            {t('pos-pad.tables')}
          </button>
        </div>
      </div>
    );
  const row = check.data;
  if (!row) return <div className="skeleton" style={{ height: 320 }} aria-busy="true" />;
  const items = ((row.items as Item[]) ?? []).map((item, i) => ({ ...item, line: i + 1 })).filter((i) => i.status !== 'void');
  const seats = [...new Set(items.map((i) => i.seat).filter((s): s is number => s !== null))].sort((a, b) => a - b);
  const toggle = (lines: number[]) => {
    const next = new Set(picked);
    const all = lines.every((l) => next.has(l));
    for (const l of lines)
      if (all) next.delete(l);
      else next.add(l);
    setPicked(next);
  };
  const moving = items.filter((i) => picked.has(i.line)).reduce((s, i) => s + Number(i.amount), 0);

  const split = async () => {
    const done = await command.run((signal) =>
      dataProvider.run<{ id: number; number: string; total: string; left: string }>(
        'pointofsales.splitItems',
        { id, lines: [...picked] },
        signal,
      ),
    );
    if (!done) return;
    setMade(done);
    setPicked(new Set());
    await check.load();
  };
  const equal = async (parts: number) => {
    const done = await command.run((signal) => dataProvider.run('pointofsales.splitEqual', { id, parts }, signal));
    if (done) navigate(`/pos/transaction/order/payment/${id}`);
  };

  return (
    <div className="stack" data-testid="pos-split">
      <div className="row pos-pad-bar">
        <button type="button" className="btn" onClick={() => navigate(`/pos/transaction/order?check=${id}`)}>
          <Icon name="arrow-left" size="sm" /> {t('pos-pad.backToOrder')}
        </button>
        <h2>
          {(row._refs as Record<string, string> | undefined)?.table_id ?? row.guest_name ?? ''} · {row.number as string}
        </h2>
      </div>
      <Refusal problem={command.problem} />
      {made && (
        <div className="pos-paid-note row" role="status" data-testid="pos-split-made">
          <span className="grow">
            {t('pos-split.made', { number: made.number, total: formatMoney(made.total), left: formatMoney(made.left) })}
          </span>
          <button type="button" className="btn btn-primary" onClick={() => navigate(`/pos/transaction/order/payment/${made.id}`)}>
            {t('pos-split.payNew')}
          </button>
          <button type="button" className="btn" onClick={() => navigate(`/pos/transaction/order/payment/${id}`)}>
            {t('pos-split.payRest')}
          </button>
        </div>
      )}
      <div className="pos-pay-body">
        <section className="card">
          <div className="card-header">
            <h3>{t('pos-split.byItems')}</h3>
          </div>
          {seats.length > 0 && (
            <div className="row pos-seats" role="group" aria-label={t('pos-pad.seat')}>
              {seats.map((s) => (
                <button
                  key={s}
                  type="button"
                  className="btn btn-sm"
                  onClick={() => toggle(items.filter((i) => i.seat === s).map((i) => i.line))}
                >
                  {t('pos-board.seat', { seat: s })}
                </button>
              ))}
            </div>
          )}
          <ul className="pos-lines">
            {items.map((i) => (
              <li key={i.id} className="pos-line">
                <label className={`pos-ticket-item grow${picked.has(i.line) ? ' picked' : ''}`}>
                  <input
                    type="checkbox"
                    checked={picked.has(i.line)}
                    onChange={() => toggle([i.line])}
                    data-testid={`pos-split-line-${i.line}`}
                  />
                  <span className="grow">
                    {i.quantity}× {i._refs?.menu_id?.replace(/^[A-Z0-9-]+ - /, '') ?? ''}
                    {i.seat && <span className="muted"> · {t('pos-board.seat', { seat: i.seat })}</span>}
                    {i.modifiers && <div className="pos-mod">+ {i.modifiers}</div>}
                  </span>
                  <span className="num">{formatMoney(i.amount)}</span>
                </label>
              </li>
            ))}
          </ul>
          <div className="card-footer row">
            <button
              type="button"
              className="btn btn-primary btn-lg"
              disabled={!picked.size}
              onClick={() => void split()}
              data-testid="pos-split-move"
            >
              {t('pos-split.move', { amount: formatMoney(String(moving)) })}
            </button>
          </div>
        </section>
        <section className="card">
          <div className="card-header">
            <h3>{t('pos-split.equal')}</h3>
          </div>
          <div className="card-body row pos-parts">
            {[2, 3, 4, 5, 6].map((n) => (
              <button key={n} type="button" className="btn btn-lg" onClick={() => void equal(n)}>
                {t('pos-split.parts', { parts: n })}
              </button>
            ))}
          </div>
          <p className="muted" style={{ padding: '0 12px 12px' }}>
            {t('pos-split.total', { total: formatMoney(row.total as string) })}
          </p>
        </section>
      </div>
    </div>
  );
}
