import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useI18n } from '../../engine/i18n/i18n';
import { formatDate, formatMoney } from '../../core/format/format';
import type { ScreenProps } from '../../engine/screens/kinds';

const INVOICE = 'payables/ap-invoice';

/**
 * The scan or PDF kept with a supplier invoice, shown beside what was booked from it (supplier, invoice number,
 * dates, amounts) so the accountant checks one against the other; the route's parameter is the invoice's id.
 */
export default function InvoicePreview({ params }: ScreenProps) {
  const { t } = useI18n();
  const id = Number(params.url);
  const valid = Number.isInteger(id) && id > 0;
  const invoice = useResource(valid ? `${INVOICE}:${id}` : null, (signal) => dataProvider.getOne(INVOICE, id, signal));
  const files = useResource(valid ? `attachments:${INVOICE}:${id}` : null, (signal) => dataProvider.attachments(INVOICE, id, signal));
  const [chosen, setChosen] = useState<number | null>(null);
  const [shown, setShown] = useState<{ url: string; type: string } | null>(null);
  const rows = files.data?.rows ?? [];
  const fileId = chosen ?? rows[0]?.id ?? null;

  useEffect(() => {
    if (fileId === null) return;
    const abort = new AbortController();
    let url: string | null = null;
    void dataProvider.attachmentContent(INVOICE, id, fileId, abort.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setShown({ url, type: blob.type });
      },
      () => setShown(null),
    );
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, fileId]);

  if (!valid) return <div className="alert alert-warning">{t('ap-preview.noInvoice')}</div>;
  if (invoice.error) return <div className="alert alert-danger">{invoice.error}</div>;
  const inv = invoice.data;
  return (
    <div className="stack" data-testid="ap-preview">
      <div className="card">
        <div className="card-body">
          {!inv ? (
            <div className="skeleton" style={{ height: 60 }} aria-busy="true" />
          ) : (
            <dl className="facts">
              <dt>{t('ap-preview.voucher')}</dt>
              <dd>
                <Link to={`/accountpayable/transaction-ap/ap-form/${id}`}>{inv.number}</Link>
              </dd>
              <dt>{t('ap-preview.supplier')}</dt>
              <dd>{inv._refs?.supplier_id ?? ''}</dd>
              <dt>{t('ap-preview.invoice')}</dt>
              <dd>
                {inv.invoice_number} · {formatDate(inv.invoice_date)}
              </dd>
              <dt>{t('ap-preview.due')}</dt>
              <dd>{formatDate(inv.due_date)}</dd>
              <dt>{t('ap-preview.total')}</dt>
              <dd>{formatMoney(inv.total ?? '0')}</dd>
            </dl>
          )}
        </div>
      </div>
      {rows.length > 1 && (
        <div className="row" role="tablist">
          {rows.map((f) => (
            <button key={f.id} type="button" className={`btn ${f.id === fileId ? 'btn-primary' : ''}`} onClick={() => setChosen(f.id)}>
              {f.file_name}
            </button>
          ))}
        </div>
      )}
      {files.data && !rows.length && <div className="alert alert-info">{t('ap-preview.noScan')}</div>}
      {shown &&
        (shown.type.startsWith('image/') ? (
          <img src={shown.url} alt={t('ap-preview.scanOf', { number: inv?.invoice_number ?? '' })} style={{ maxWidth: '100%' }} />
        ) : (
          <iframe
            src={shown.url}
            title={t('ap-preview.scanOf', { number: inv?.invoice_number ?? '' })}
            style={{ width: '100%', height: '75vh', border: 0 }}
          />
        ))}
    </div>
  );
}
