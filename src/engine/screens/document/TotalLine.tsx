import type { DocumentTotalView } from '../../../core/meta/types';
import { formatDecimal, formatInteger, formatMoney, formatQuantity } from '../../../core/format/format';
import { useI18n } from '../../i18n/i18n';

/** A document total under its grid or the document: its label with the value, formatted by its kind. */
export function TotalLine({ view, value }: { view: DocumentTotalView; value: string | null | undefined }) {
  const { t, lang } = useI18n();
  const shown =
    value == null
      ? '–'
      : view.format === 'quantity'
        ? formatQuantity(value, lang)
        : view.format === 'number'
          ? formatDecimal(value, lang)
          : view.format === 'integer'
            ? formatInteger(value, lang)
            : formatMoney(value);
  return (
    <p className="doc-total" data-total={view.total}>
      {t(view.label, { value: shown })}
    </p>
  );
}
