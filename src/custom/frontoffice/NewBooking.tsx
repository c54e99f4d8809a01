import { useState, type FormEvent } from 'react';
import dayjs from 'dayjs';
import { dataProvider } from '../../engine/api/dataProvider';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { useI18n } from '../../engine/i18n/i18n';
import { formatDate } from '../../core/format/format';
import { toast } from '../../shell/toasts';
import { Drawer } from '../../widgets/Drawer';
import { Icon } from '../../widgets/Icon';
import { LookupSelect } from '../../widgets/inputs/LookupSelect';

/** Booking a free night straight from the room plan: the guest (found or new), nights, adults, rate. */
export function NewBooking({
  room,
  arrival,
  onClose,
  onSaved,
}: {
  room: { id: number; code: string; room_type_id: number; room_type: string };
  arrival: string;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useI18n();
  const [guestId, setGuestId] = useState<number | null>(null);
  const [newGuest, setNewGuest] = useState('');
  const [nights, setNights] = useState(1);
  const [adults, setAdults] = useState(2);
  const [rateCode, setRateCode] = useState<number | null>(null);
  const [status, setStatus] = useState<'confirmed' | 'tentative'>('confirmed');
  // the booking's refusals are said above the form, whichever field they name
  const command = useCommand({ shows: () => false });
  const departure = dayjs(arrival).add(Math.max(1, nights), 'day').format('YYYY-MM-DD');

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!guestId && !newGuest.trim()) {
      command.refuse({}, t('roomplan.guestNeeded'));
      return;
    }
    const r = await command.run(async (signal) => {
      const guest = guestId ?? (await dataProvider.create('frontoffice/guest', { name: newGuest.trim() }, signal)).id;
      return dataProvider.create(
        'frontoffice/reservation',
        {
          guest_id: guest,
          arrival,
          departure,
          room_type_id: room.room_type_id,
          room_id: room.id,
          adults,
          children: 0,
          status,
          ...(rateCode ? { rate_code_id: rateCode } : {}),
        },
        signal,
      );
    });
    if (!r) return;
    toast.success(t('roomplan.booked', { code: r.code, room: room.code }));
    onSaved();
  };
  const error = command.problem?.text;
  const busy = command.busy;

  return (
    <Drawer title={t('roomplan.newTitle', { room: room.code, date: formatDate(arrival) })} onClose={onClose} closeLabel={t('common.close')}>
      <form className="drawer-body stack" onSubmit={(e) => void save(e)} noValidate id="new-booking">
        {error && (
          <div className="alert alert-danger" role="alert">
            <Icon name="alert" /> {error}
          </div>
        )}
        <div className="field">
          <label htmlFor="nb-guest">{t('reservation.guest_id')}</label>
          <LookupSelect
            id="nb-guest"
            entity="frontoffice/guest"
            value={guestId}
            onChange={(v) => setGuestId(v)}
            emptyLabel={t('common.noRows')}
          />
        </div>
        {!guestId && (
          <div className="field">
            <label htmlFor="nb-new-guest">{t('roomplan.newGuest')}</label>
            <input id="nb-new-guest" className="input" maxLength={120} value={newGuest} onChange={(e) => setNewGuest(e.target.value)} />
          </div>
        )}
        <div className="grid-2">
          <div className="field">
            <label htmlFor="nb-nights">{t('roomplan.nights')}</label>
            <input
              id="nb-nights"
              className="input num"
              type="number"
              min={1}
              max={60}
              value={nights}
              onChange={(e) => setNights(Number(e.target.value) || 1)}
            />
            <div className="field-help">
              {formatDate(arrival)} – {formatDate(departure)}
            </div>
          </div>
          <div className="field">
            <label htmlFor="nb-adults">{t('reservation.adults')}</label>
            <input
              id="nb-adults"
              className="input num"
              type="number"
              min={1}
              max={20}
              value={adults}
              onChange={(e) => setAdults(Number(e.target.value) || 1)}
            />
          </div>
        </div>
        <div className="grid-2">
          <div className="field">
            <label htmlFor="nb-rate">{t('reservation.rate_code_id')}</label>
            <LookupSelect
              id="nb-rate"
              entity="frontoffice/rate-code"
              value={rateCode}
              filter={{ room_type_id: { op: 'eq', value: room.room_type_id } }}
              onChange={(v) => setRateCode(v)}
              emptyLabel={t('common.noRows')}
            />
          </div>
          <div className="field">
            <label htmlFor="nb-status">{t('reservation.status')}</label>
            <select
              id="nb-status"
              className="select"
              value={status}
              onChange={(e) => setStatus(e.target.value as 'confirmed' | 'tentative')}
            >
              <option value="confirmed">{t('reservation.status.confirmed')}</option>
              <option value="tentative">{t('reservation.status.tentative')}</option>
            </select>
          </div>
        </div>
        <div className="muted">
          {room.code} · {room.room_type}
        </div>
      </form>
      <footer className="drawer-footer">
        <button type="submit" form="new-booking" className="btn btn-primary" disabled={busy} data-testid="nb-save">
          <Icon name="check" size="sm" /> {t('roomplan.book')}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </footer>
    </Drawer>
  );
}
