import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { useI18n } from '../../engine/i18n/i18n';
import { Refusal } from '../../engine/screens/Refusal';
import type { ScreenProps } from '../../engine/screens/kinds';
import { formatMoney } from '../../core/format/format';
import { Icon } from '../../widgets/Icon';
import { toast } from '../../shell/toasts';
import { TABLE_STATES, usePadOutlet, useSeatTable, type Pad, type PadDish } from './padData';
import './pos.css';

interface Item {
  id?: number;
  menu_id: number;
  quantity: number;
  modifiers?: string | null;
  seat?: number | null;
  note?: string | null;
  unit_price?: string;
  amount?: string;
  status?: string;
  _refs?: Record<string, string>;
}

const SEATS = [1, 2, 3, 4, 5, 6];

/**
 * The waiter's touch terminal: the outlet's tables by area, coloured by state; a tap opens the table's bill (or a
 * new one), dishes are added by touch or by typing their code, with modifiers, seat and a note, and Send passes
 * them to the kitchen and the bar. The server prices everything; Pay leads to the cashier's payment pad.
 */
export default function OrderPad({ params }: ScreenProps) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // a bill by its route (order/edit/{id}) or by ?check= as the tables open it
  const checkId = params.id ? Number(params.id) : search.get('check') ? Number(search.get('check')) : null;
  const { outlet, outlets, setOutlet } = usePadOutlet();
  const pad = useResource(outlet ? `pointofsales/pad/${outlet}` : null, (signal) =>
    dataProvider.read<Pad>(`pointofsales/pad/${outlet}`, {}, signal),
  );
  const check = useResource(checkId ? `pointofsales/check/${checkId}` : null, (signal) =>
    dataProvider.getOne('pointofsales/check', checkId!, signal),
  );
  const [pending, setPending] = useState<Item[]>([]);
  const [group, setGroup] = useState<number | null>(null);
  const [seat, setSeat] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const command = useCommand({ abortable: false });
  const dishes = useMemo(() => new Map((pad.data?.dishes ?? []).map((d) => [d.id, d])), [pad.data]);
  const name = (d: PadDish | undefined) => (d ? (lang === 'id' && d.name_id ? d.name_id : d.name) : '');
  // what a line to send will cost, as the server will price it: the dish and the modifiers named
  const linePrice = (p: Item) => {
    const dish = dishes.get(p.menu_id);
    const asked = (p.modifiers ?? '').split(', ');
    const extras = (dish?.modifiers ?? []).filter((m) => asked.includes(m.name)).reduce((s, m) => s + Number(m.price ?? 0), 0);
    return (Number(dish?.price ?? 0) + extras) * p.quantity;
  };

  useEffect(() => {
    setPending([]);
    setEditing(null);
  }, [checkId]);

  const { openCheck, seatTable } = useSeatTable(outlet, command.run);
  // pos/{resv}: room service for an in-house guest opens a bill for the stay at once
  const opening = useRef(false);
  useEffect(() => {
    if (!params.resv || !outlet || checkId || opening.current) return;
    opening.current = true;
    void command
      .run((signal) =>
        dataProvider.create('pointofsales/check', { outlet_id: outlet, covers: 1, reservation_id: Number(params.resv) }, signal),
      )
      .then((made) => made && openCheck(made.id, true));
  });
  const newLoose = async () => {
    const made = await command.run((signal) => dataProvider.create('pointofsales/check', { outlet_id: outlet, covers: 1 }, signal));
    if (made) openCheck(made.id);
  };

  const add = (dish: PadDish) => {
    if (!dish.available) return;
    const same = pending.findIndex((p) => p.menu_id === dish.id && !p.modifiers && !p.note && (p.seat ?? null) === seat);
    if (same >= 0) setPending(pending.map((p, i) => (i === same ? { ...p, quantity: p.quantity + 1 } : p)));
    else setPending([...pending, { menu_id: dish.id, quantity: 1, seat }]);
  };
  const byCode = () => {
    const dish = (pad.data?.dishes ?? []).find((d) => d.code.toLowerCase() === code.trim().toLowerCase());
    if (dish) add(dish);
    else toast.error(t('pos-pad.noSuchCode', { code: code.trim() }));
    setCode('');
  };
  const change = (i: number, patch: Partial<Item>) =>
    setPending(pending.flatMap((p, n) => (n !== i ? [p] : (patch.quantity ?? p.quantity) < 1 ? [] : [{ ...p, ...patch }])));
  const toggleModifier = (i: number, modifier: string) => {
    const now = (pending[i].modifiers ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    const next = now.includes(modifier) ? now.filter((m) => m !== modifier) : [...now, modifier];
    change(i, { modifiers: next.join(', ') || null });
  };

  const send = async () => {
    const row = check.data;
    if (!row) return;
    // the new dishes only: the bill's items already on it are the server's
    const saved = pending.length
      ? await command.run((signal) =>
          dataProvider.run(
            'pointofsales.addItems',
            { id: row.id, items: pending.map((p) => Object.fromEntries(Object.entries(p).filter(([, v]) => v != null))) },
            signal,
          ),
        )
      : row;
    if (!saved) return;
    setPending([]);
    const sent = await command.run((signal) => dataProvider.run<{ sent: number }>('pointofsales.sendOrder', { id: row.id }, signal));
    if (sent) toast.success(t('pos-pad.sent', { count: sent.sent }));
    await check.load();
    await pad.load();
  };

  if (!outlet) return <div className="skeleton" style={{ height: 320 }} aria-busy="true" />;

  if (!checkId) {
    const areas = [...new Set((pad.data?.tables ?? []).map((x) => x.area))];
    return (
      <div className="stack pos-pad" data-testid="pos-tables">
        <div className="row pos-pad-bar">
          <select className="select" aria-label={t('pos-till.outlet')} value={outlet} onChange={(e) => setOutlet(Number(e.target.value))}>
            {outlets.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
          <span className="grow" />
          <button type="button" className="btn" onClick={() => void pad.load()} aria-label={t('common.refresh')}>
            <Icon name="refresh" size="sm" />
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void newLoose()}>
            <Icon name="plus" size="sm" /> {t('pos-pad.newLoose')}
          </button>
        </div>
        <Refusal problem={command.problem} />
        <div className="row pos-legend">
          {TABLE_STATES.map((s) => (
            <span key={s} className={`pos-dot pos-${s}`}>
              {t(`pos-pad.state.${s}`)}
            </span>
          ))}
        </div>
        {areas.map((area) => (
          <section key={area} className="card">
            <div className="card-header">
              <h3>{area || t('pos-pad.noArea')}</h3>
            </div>
            <div className="card-body pos-tables">
              {(pad.data?.tables ?? [])
                .filter((x) => x.area === area)
                .map((x) => (
                  <button
                    key={x.id}
                    type="button"
                    className={`pos-table pos-${x.state}`}
                    onClick={() => void seatTable(x)}
                    data-testid={`pos-table-${x.code}`}
                  >
                    <strong>{x.code}</strong>
                    <span className="muted">
                      {x.check_id ? t('pos-pad.covers', { count: x.covers }) : t('pos-pad.seats', { count: x.seats })}
                    </span>
                    {x.check_id && <span className="pos-table-total">{formatMoney(x.total!)}</span>}
                    {x.check_id && <span className="muted">{t('pos-board.minutes', { minutes: x.minutes })}</span>}
                  </button>
                ))}
            </div>
          </section>
        ))}
        {(pad.data?.open.length ?? 0) > 0 && (
          <section className="card">
            <div className="card-header">
              <h3>{t('pos-pad.otherBills')}</h3>
            </div>
            <div className="card-body pos-tables">
              {pad.data!.open.map((c) => (
                <button key={c.id} type="button" className="pos-table pos-ordered" onClick={() => openCheck(c.id)}>
                  <strong>{c.guest_name ?? c.table_code ?? c.number}</strong>
                  <span className="muted">{c.number}</span>
                  <span className="pos-table-total">{formatMoney(c.total)}</span>
                </button>
              ))}
            </div>
          </section>
        )}
      </div>
    );
  }

  const row = check.data;
  const items = (row?.items as Item[] | undefined) ?? [];
  const shown = group ?? pad.data?.groups[0]?.id ?? null;
  const pendingTotal = pending.reduce((s, p) => s + linePrice(p), 0);
  const unsent = items.some((i) => i.status === 'new');
  return (
    <div className="pos-order" data-testid="pos-order">
      <div className="row pos-pad-bar">
        <button type="button" className="btn" onClick={() => openCheck(null)}>
          <Icon name="arrow-left" size="sm" /> {t('pos-pad.tables')}
        </button>
        <h2>{row ? ((row._refs as Record<string, string> | undefined)?.table_id ?? row.guest_name ?? row.number) : ''}</h2>
        <span className="muted">{row?.number as string}</span>
        <span className="grow" />
        <input
          className="input pos-code"
          placeholder={t('pos-pad.code')}
          aria-label={t('pos-pad.code')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && code.trim()) byCode();
          }}
        />
      </div>
      <Refusal problem={command.problem} />
      <div className="pos-order-body">
        <section className="pos-menu" aria-label={t('pos-pad.menu')}>
          <div className="pos-groups" role="tablist">
            {(pad.data?.groups ?? []).map((g) => (
              <button
                key={g.id}
                type="button"
                role="tab"
                aria-selected={g.id === shown}
                className={`pos-group${g.id === shown ? ' on' : ''}`}
                onClick={() => setGroup(g.id)}
              >
                {lang === 'id' && g.name_id ? g.name_id : g.name}
              </button>
            ))}
          </div>
          <div className="row pos-seats" role="group" aria-label={t('pos-pad.seat')}>
            <span className="muted">{t('pos-pad.seat')}</span>
            {[null, ...SEATS].map((s) => (
              <button key={s ?? 0} type="button" className={`btn btn-sm${seat === s ? ' btn-primary' : ''}`} onClick={() => setSeat(s)}>
                {s ?? t('pos-pad.allSeats')}
              </button>
            ))}
          </div>
          <div className="pos-dishes">
            {(pad.data?.dishes ?? [])
              .filter((d) => d.group_id === shown)
              .map((d) => (
                <button
                  key={d.id}
                  type="button"
                  className="pos-dish"
                  disabled={!d.available}
                  onClick={() => add(d)}
                  data-testid={`pos-dish-${d.code}`}
                >
                  <span>{name(d)}</span>
                  <span className="muted">{formatMoney(d.price)}</span>
                </button>
              ))}
          </div>
        </section>
        <section className="card pos-ticket-pane" aria-label={t('pos-pad.ticket')}>
          <ul className="pos-lines">
            {items.map((i, n) => (
              <li key={i.id} className={`pos-line ${i.status}`}>
                <span className="pos-qty">{n + 1}.</span>
                <span className="grow">
                  {i.quantity}× {name(dishes.get(i.menu_id))}
                  {i.seat && <span className="muted"> · {t('pos-board.seat', { seat: i.seat })}</span>}
                  {i.modifiers && <div className="pos-mod">+ {i.modifiers}</div>}
                </span>
                <span className={`badge pos-status-${i.status}`}>{t(`check.items.status.${i.status}`)}</span>
                <span className="num">{formatMoney(i.amount ?? '0')}</span>
              </li>
            ))}
            {pending.map((p, n) => {
              const dish = dishes.get(p.menu_id);
              return (
                <li key={`p${n}`} className="pos-line pending">
                  <div className="row pos-line-main">
                    <button
                      type="button"
                      className="btn btn-sm"
                      aria-label={t('pos-pad.less')}
                      onClick={() => change(n, { quantity: p.quantity - 1 })}
                    >
                      −
                    </button>
                    <span className="pos-qty">{p.quantity}</span>
                    <button
                      type="button"
                      className="btn btn-sm"
                      aria-label={t('pos-pad.more')}
                      onClick={() => change(n, { quantity: p.quantity + 1 })}
                    >
                      +
                    </button>
                    <button type="button" className="pos-line-name grow" onClick={() => setEditing(editing === n ? null : n)}>
                      {name(dish)}
                      {p.seat && <span className="muted"> · {t('pos-board.seat', { seat: p.seat })}</span>}
                      {p.modifiers && <div className="pos-mod">+ {p.modifiers}</div>}
                      {p.note && <div className="pos-note">! {p.note}</div>}
                    </button>
                    <span className="num">{formatMoney(String(linePrice(p)))}</span>
                  </div>
                  {editing === n && (
                    <div className="pos-line-edit">
                      {(dish?.modifiers ?? []).map((m) => (
                        <button
                          key={m.name}
                          type="button"
                          className={`chip${(p.modifiers ?? '').split(', ').includes(m.name) ? ' on' : ''}`}
                          onClick={() => toggleModifier(n, m.name)}
                        >
                          {m.name}
                          {m.price && Number(m.price) > 0 ? ` +${formatMoney(m.price)}` : ''}
                        </button>
                      ))}
                      <input
                        className="input"
                        placeholder={t('check.items.note')}
                        aria-label={t('check.items.note')}
                        maxLength={120}
                        value={p.note ?? ''}
                        onChange={(e) => change(n, { note: e.target.value || null })}
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          {!items.length && !pending.length && (
            <div className="empty">
              <p>{t('pos-pad.emptyTicket')}</p>
            </div>
          )}
          <div className="pos-sum">
            <span>{t('check.total')}</span>
            <strong data-testid="pos-total">{formatMoney((row?.total as string) ?? '0')}</strong>
            {pending.length > 0 && <span className="muted">{t('pos-pad.toAdd', { amount: formatMoney(String(pendingTotal)) })}</span>}
          </div>
          <div className="row pos-actions">
            <button
              type="button"
              className="btn btn-primary btn-lg"
              disabled={!pending.length && !unsent}
              onClick={() => void send()}
              data-testid="pos-send"
            >
              <Icon name="printer" size="sm" /> {t('pos-check.send')}
            </button>
            <button
              type="button"
              className="btn btn-lg"
              disabled={!!pending.length || !items.length}
              onClick={() => navigate(`/pos/transaction/order/payment/${checkId}`)}
              data-testid="pos-pay"
            >
              <Icon name="dollar" size="sm" /> {t('pos-pad.pay')}
            </button>
            <button
              type="button"
              className="btn btn-lg"
              disabled={!!pending.length || !items.length}
              onClick={() => navigate(`/pos/transaction/split?check=${checkId}`)}
              data-testid="pos-split-open"
            >
              <Icon name="layers" size="sm" /> {t('pos-pad.split')}
            </button>
            <Link className="btn btn-lg" to={`/pointofsales/edit-order-bill/${checkId}`}>
              <Icon name="file-text" size="sm" /> <span className="hide-mobile">{t('pos-pad.bill')}</span>
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
