import { useEffect, useMemo, useState } from 'react';
import QRCode from 'qrcode';
import { dataProvider, type Row } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import type { ScreenProps } from '../../engine/screens/kinds';
import { toast } from '../../shell/toasts';
import { Icon } from '../../widgets/Icon';
import { defaultTemplate, fillTemplate, type QrLabel, type QrTarget } from './qrLabels';

const TEMPLATE_KEY = (target: QrTarget) => `hotelier.qr.${target}`;

/** The labels to print: the active rooms (of one floor, or all), or the property's outlets. */
async function readLabels(target: QrTarget, floorId: number | undefined, signal: AbortSignal): Promise<QrLabel[]> {
  if (target === 'room') {
    const filter = {
      active: { op: 'eq' as const, value: true },
      ...(floorId ? { floor_id: { op: 'eq' as const, value: floorId } } : {}),
    };
    const r = await dataProvider.getList('frontoffice/room', { limit: 500, sort: 'code', filter }, signal);
    return r.rows.map((row) => ({
      key: `room-${row.id}`,
      code: row.code,
      name: String(row._refs?.room_type_id ?? '')
        .split(' - ')
        .slice(1)
        .join(' - '),
    }));
  }
  // any signed-in user may read the names of outlets through their lookup
  const r = await dataProvider.lookup('system/outlet', {}, signal);
  return r.rows.map((o) => {
    const [code, ...name] = o.label.split(' - ');
    return { key: `outlet-${o.id}`, code, name: name.join(' - ') };
  });
}

/**
 * QR codes for the doors of rooms and the tables of outlets, as a sheet of labels to print or to save one
 * by one. What a code opens is a link with {code}, {name} and {property} filled in per label: by default
 * the room or outlet in Hotelier, or any address the hotel prefers (a menu, a guest-service page).
 */
export default function GenerateQr(_props: ScreenProps) {
  const { t } = useI18n();
  const session = useSession();
  const branch = session?.branches.find((b) => b.id === session.branchId);
  const canRooms = hasRight(session, 'frontoffice.room', 'view');
  const [target, setTarget] = useState<QrTarget>(canRooms ? 'room' : 'outlet');
  const floorList = useResource(canRooms ? 'frontoffice/floor' : null, (signal) =>
    dataProvider.getList('frontoffice/floor', { limit: 500, sort: 'code', filter: { active: { op: 'eq', value: true } } }, signal),
  );
  const floors: Row[] = floorList.data?.rows ?? [];
  const [floorId, setFloorId] = useState<number>();
  const labelList = useResource(`${target}:${floorId ?? ''}`, (signal) => readLabels(target, floorId, signal));
  const labels = labelList.data;
  const [template, setTemplate] = useState(
    () => localStorage.getItem(TEMPLATE_KEY(target)) ?? defaultTemplate(target, window.location.origin),
  );
  const [images, setImages] = useState<Map<string, string>>(new Map());

  useEffect(() => {
    setTemplate(localStorage.getItem(TEMPLATE_KEY(target)) ?? defaultTemplate(target, window.location.origin));
  }, [target]);

  useEffect(() => {
    if (labelList.error) toast.error(labelList.error);
  }, [labelList.error]);

  const contents = useMemo(
    () => (labels ?? []).map((l) => ({ ...l, text: fillTemplate(template, { code: l.code, name: l.name, property: branch?.code ?? '' }) })),
    [labels, template, branch?.code],
  );

  useEffect(() => {
    let cancelled = false;
    void Promise.all(
      contents.map(async (c) => [c.key, await QRCode.toDataURL(c.text, { errorCorrectionLevel: 'M', margin: 1, width: 320 })] as const),
    ).then((pairs) => {
      if (!cancelled) setImages(new Map(pairs));
    });
    return () => {
      cancelled = true;
    };
  }, [contents]);

  const changeTemplate = (value: string) => {
    setTemplate(value);
    localStorage.setItem(TEMPLATE_KEY(target), value);
  };

  return (
    <div className="card qr-sheet">
      <div className="list-toolbar">
        <div className="radio-group" role="radiogroup" aria-label={t('qr.what')}>
          {canRooms && (
            <label className={target === 'room' ? 'on' : ''}>
              <input type="radio" name="qr-target" checked={target === 'room'} onChange={() => setTarget('room')} /> {t('qr.rooms')}
            </label>
          )}
          <label className={target === 'outlet' ? 'on' : ''}>
            <input type="radio" name="qr-target" checked={target === 'outlet'} onChange={() => setTarget('outlet')} /> {t('qr.outlets')}
          </label>
        </div>
        {target === 'room' && (
          <select
            className="select qr-floor"
            value={floorId ?? ''}
            onChange={(e) => setFloorId(Number(e.target.value) || undefined)}
            aria-label={t('floor.title')}
          >
            <option value="">{t('qr.allFloors')}</option>
            {floors.map((f) => (
              <option key={f.id} value={f.id}>
                {f.code} — {f.name}
              </option>
            ))}
          </select>
        )}
        <span className="count">{labels ? t('qr.count', { count: labels.length }) : t('common.loading')}</span>
        <button type="button" className="btn btn-primary" onClick={() => window.print()} disabled={!contents.length}>
          <Icon name="printer" size="sm" /> {t('qr.print')}
        </button>
      </div>
      <div className="card-body no-print">
        <div className="field">
          <label htmlFor="qr-template">{t('qr.content')}</label>
          <div className="row qr-template">
            <input id="qr-template" className="input" value={template} maxLength={500} onChange={(e) => changeTemplate(e.target.value)} />
            <button type="button" className="btn" onClick={() => changeTemplate(defaultTemplate(target, window.location.origin))}>
              {t('qr.reset')}
            </button>
          </div>
          <div className="field-help">{t('qr.contentHelp')}</div>
        </div>
      </div>
      <div className="qr-labels">
        {contents.map((c) => (
          <figure key={c.key} className="qr-label">
            {images.get(c.key) ? (
              <img src={images.get(c.key)} alt={t('qr.alt', { code: c.code })} width={160} height={160} />
            ) : (
              <div className="qr-placeholder" />
            )}
            <figcaption>
              <strong>{c.code}</strong>
              <span>{c.name}</span>
              <small>{branch?.name}</small>
            </figcaption>
            {images.get(c.key) && (
              <a className="btn btn-sm no-print" href={images.get(c.key)} download={`qr-${target}-${c.code}.png`}>
                <Icon name="download" size="sm" /> PNG
              </a>
            )}
          </figure>
        ))}
      </div>
    </div>
  );
}
