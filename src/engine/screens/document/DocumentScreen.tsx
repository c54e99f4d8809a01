import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { DocumentScreen as DocumentDef, EntitySchema } from '../../../core/meta/types';
import type { Row } from '../../api/dataProvider';
import { useI18n } from '../../i18n/i18n';
import { hasRight, useSession } from '../../session/session';
import { confirmDialog } from '../../../shell/confirm';
import type { ScreenProps } from '../kinds';
import { DocumentEditor } from './DocumentEditor';
import { DocumentPicker } from './DocumentPicker';
import './document.css';

/**
 * The `document` kind: a header with lines (arrangement, journal, purchase order). On a route with an id
 * (`…/journal-form/{id?}`) it is the document of that id, or a new one; on a route without one it shows the
 * documents beside the open one (`?id=` in the address, so a link opens the same document).
 */
export default function DocumentScreen({ bundle, route, params }: ScreenProps) {
  const declared = bundle.screen as DocumentDef;
  // a new document takes what its route says of it (cash-adv-form/{type}: the kind of advance)
  const fromRoute = JSON.stringify(Object.entries(declared.routeDefaults ?? {}).map(([field, param]) => [field, params[param] ?? '']));
  const def = useMemo(
    () =>
      declared.routeDefaults ? { ...declared, defaults: { ...declared.defaults, ...Object.fromEntries(JSON.parse(fromRoute)) } } : declared,
    [declared, fromRoute],
  );
  const entity = bundle.entities[def.entity] as EntitySchema;
  const session = useSession();
  const { t } = useI18n();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [revision, setRevision] = useState(0);
  const dirty = useRef(false);
  const resource = route.node.permission;
  // the record's id is the route's {id} parameter, or its {header} one (a document's header: ap-form/{header?})
  const idParam = /\{id\??\}/.test(route.fullPath) ? 'id' : /\{header\??\}/.test(route.fullPath) ? 'header' : null;
  const routeId = idParam !== null;
  const raw = idParam ? params[idParam] : search.get('id');
  const selected: number | null | undefined = raw === 'new' || (routeId && !raw) ? null : raw ? Number(raw) : undefined;

  const open = useCallback(
    (id: number | null, replace = false) => {
      const value = id === null ? 'new' : String(id);
      if (routeId)
        navigate(
          route.fullPath.replace(/\{(\w+)\??\}/g, (_, name: string) =>
            name === idParam ? (id === null ? '' : value) : (params[name] ?? ''),
          ),
          { replace },
        );
      else setSearch((s) => ({ ...Object.fromEntries(s), id: value }), { replace });
    },
    [navigate, route.fullPath, routeId, idParam, setSearch, params],
  );

  const pick = async (row: Row | null) => {
    if ((row?.id ?? null) === selected) return;
    if (dirty.current && !(await confirmDialog({ message: t('common.unsaved'), okLabel: t('common.close') }))) return;
    dirty.current = false;
    open(row ? row.id : null);
  };
  // the first document opens by itself, as the list's first row would be looked at first
  const onLoaded = useCallback(
    (rows: Row[]) => {
      if (selected === undefined && rows[0]) open(rows[0].id, true);
    },
    [selected, open],
  );
  const onDirty = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);

  const editor =
    selected === undefined ? (
      <div className="card">
        <div className="empty">
          <p>{t('document.choose')}</p>
        </div>
      </div>
    ) : (
      <DocumentEditor
        key={selected ?? 'new'}
        def={def}
        entity={entity}
        id={selected}
        resource={resource}
        onDirty={onDirty}
        onSaved={(row, created) => {
          dirty.current = false;
          setRevision((r) => r + 1);
          if (created) open(row.id, true);
        }}
        onDeleted={() => {
          dirty.current = false;
          setRevision((r) => r + 1);
          if (routeId) navigate(-1);
          else setSearch({}, { replace: true });
        }}
      />
    );
  if (!def.picker) return editor;
  return (
    <div className="split doc-split">
      <DocumentPicker
        def={def}
        entity={entity}
        selected={selected}
        revision={revision}
        canCreate={hasRight(session, resource, 'create')}
        onPick={(row) => void pick(row)}
        onLoaded={onLoaded}
      />
      {editor}
    </div>
  );
}
