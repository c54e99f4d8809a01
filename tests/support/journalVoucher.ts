import type { FixtureProject } from '../meta/fixtureProject.js';

/**
 * A journal voucher declared in JSON only, as an implementer (or the general-ledger module) would: managed
 * tables, a `document` screen, debit and credit lines that must balance before posting, a status that makes
 * a posted voucher read-only, and a line lookup that offers only posting accounts in the voucher's
 * currency. Used by the API tests of the document kind and by the document-save benchmark.
 */
export function addJournalVoucher(p: FixtureProject, options: { maxLines?: number } = {}) {
  p.write('schemas/fixture/sample-account.json', {
    $id: 'fixture/sample-account',
    title: 'sample-account.title',
    type: 'object',
    'x-permission': 'gl.sample-account',
    'x-db': {
      table: 'sample_account',
      scope: 'branch',
      managed: true,
      label: ['code', 'name'],
      search: ['code', 'name'],
      unique: [['code']],
    },
    required: ['code', 'name'],
    properties: {
      code: { type: 'string', minLength: 1, maxLength: 12 },
      name: { type: 'string', minLength: 1, maxLength: 80 },
      currency: { type: 'string', enum: ['IDR', 'USD'], default: 'IDR' },
      posting: { type: 'boolean', default: true },
      active: { type: 'boolean', default: true },
    },
  });
  p.write('schemas/fixture/sample-journal.json', {
    $id: 'fixture/sample-journal',
    title: 'sample-journal.title',
    type: 'object',
    'x-permission': 'gl.sample-journal',
    'x-db': {
      table: 'sample_journal',
      scope: 'branch',
      managed: true,
      label: ['number'],
      search: ['number', 'memo'],
      unique: [['number']],
    },
    'x-document': {
      totals: {
        debit: { sum: 'lines', of: { field: 'debit' } },
        credit: { sum: 'lines', of: { field: 'credit' } },
        difference: { sub: [{ total: 'debit' }, { total: 'credit' }] },
        line_count: { count: 'lines' },
      },
      store: { total: 'debit' },
      checks: [
        {
          assert: { compare: { left: { total: 'debit' }, op: 'eq', right: { total: 'credit' } } },
          message: 'sample-journal.unbalanced',
          on: ['post'],
        },
        { assert: { compare: { left: { total: 'line_count' }, op: 'gte', right: '2' } }, message: 'sample-journal.twoLines', on: ['post'] },
      ],
      status: {
        field: 'status',
        readOnly: ['posted'],
        actions: [
          {
            key: 'post',
            label: 'sample-journal.post',
            from: ['draft'],
            to: 'posted',
            confirm: 'sample-journal.postConfirm',
            tone: 'primary',
          },
        ],
      },
    },
    required: ['number', 'voucher_date'],
    properties: {
      number: { type: 'string', minLength: 1, maxLength: 20 },
      voucher_date: { type: 'string', format: 'date' },
      currency: { type: 'string', enum: ['IDR', 'USD'], default: 'IDR' },
      memo: { type: 'string', maxLength: 200 },
      status: { type: 'string', enum: ['draft', 'posted'], default: 'draft', readOnly: true },
      total: { type: 'string', format: 'money', readOnly: true },
      lines: {
        type: 'array',
        maxItems: options.maxLines ?? 500,
        'x-lines': {
          table: 'sample_journal_line',
          parent: 'journal_id',
          order: 'line_no',
          checks: [
            {
              assert: {
                any: [
                  { compare: { left: { field: 'debit' }, op: 'eq', right: '0' } },
                  { compare: { left: { field: 'credit' }, op: 'eq', right: '0' } },
                ],
              },
              message: 'sample-journal.oneSide',
              field: 'credit',
            },
            {
              assert: {
                any: [
                  { compare: { left: { field: 'debit' }, op: 'ne', right: '0' } },
                  { compare: { left: { field: 'credit' }, op: 'ne', right: '0' } },
                ],
              },
              message: 'sample-journal.noAmount',
              field: 'debit',
            },
          ],
        },
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['account_id'],
          properties: {
            account_id: {
              type: 'integer',
              minimum: 1,
              'x-ref': 'fixture/sample-account',
              'x-refFilter': { posting: { value: true }, currency: { header: 'currency' } },
            },
            description: { type: 'string', maxLength: 120 },
            debit: { type: ['string', 'null'], format: 'money' },
            credit: { type: ['string', 'null'], format: 'money' },
          },
        },
      },
    },
  });
  p.write('screens/fixture/sample-journal.json', {
    kind: 'document',
    entity: 'fixture/sample-journal',
    title: 'sample-journal.list',
    picker: { subtitle: 'memo' },
    header: {
      sections: [{ columns: 2, fields: ['number', 'voucher_date', 'currency', 'memo'] }],
      fields: { number: { readonlyWhen: { mode: 'edit' } } },
    },
    grids: [
      {
        field: 'lines',
        columns: [
          { field: 'account_id', width: 240 },
          { field: 'description', width: 220 },
          { field: 'debit', width: 140 },
          { field: 'credit', width: 140 },
        ],
        footer: [
          { total: 'debit', label: 'sample-journal.totalDebit', format: 'money' },
          { total: 'credit', label: 'sample-journal.totalCredit', format: 'money' },
        ],
      },
    ],
    summary: [{ total: 'difference', label: 'sample-journal.difference', format: 'money' }],
  });
  p.write('screens/fixture/sample-account.json', {
    kind: 'list',
    entity: 'fixture/sample-account',
    title: 'sample-account.list',
    columns: [{ field: 'code' }, { field: 'name' }, { field: 'currency' }, { field: 'posting', format: 'boolean' }],
  });
  p.edit('routes.json', (r) =>
    r.routes.push({
      path: '/fixture-gl',
      name: { en: 'Fixture ledger', id: 'Buku besar contoh' },
      menu: {},
      children: [
        {
          path: 'account',
          screen: 'fixture/sample-account',
          permission: 'gl.sample-account',
          name: { en: 'Accounts', id: 'Akun' },
          menu: {},
        },
        {
          path: 'journal',
          screen: 'fixture/sample-journal',
          permission: 'gl.sample-journal',
          ops: [{ key: 'post', name: { en: 'Post', id: 'Posting' } }],
          name: { en: 'Journal vouchers', id: 'Voucher jurnal' },
          menu: {},
        },
      ],
    }),
  );
  p.write('locales/fixture-gl.json', {
    'sample-account.title': { en: 'Account', id: 'Akun' },
    'sample-account.list': { en: 'Accounts', id: 'Akun' },
    'sample-account.currency.IDR': { en: 'Rupiah', id: 'Rupiah' },
    'sample-account.currency.USD': { en: 'US dollar', id: 'Dolar AS' },
    'sample-account.posting': { en: 'Posting account', id: 'Akun posting' },
    'sample-journal.title': { en: 'Journal voucher', id: 'Voucher jurnal' },
    'sample-journal.list': { en: 'Journal vouchers', id: 'Voucher jurnal' },
    'sample-journal.number': { en: 'Voucher no.', id: 'No. voucher' },
    'sample-journal.voucher_date': { en: 'Date', id: 'Tanggal' },
    'sample-journal.memo': { en: 'Memo', id: 'Keterangan' },
    'sample-journal.lines': { en: 'Lines', id: 'Baris' },
    'sample-journal.total': { en: 'Total', id: 'Total' },
    'sample-journal.currency.IDR': { en: 'Rupiah', id: 'Rupiah' },
    'sample-journal.currency.USD': { en: 'US dollar', id: 'Dolar AS' },
    'sample-journal.status': { en: 'Status', id: 'Status' },
    'sample-journal.status.draft': { en: 'Draft', id: 'Draf' },
    'sample-journal.status.posted': { en: 'Posted', id: 'Sudah diposting' },
    'sample-journal.lines.account_id': { en: 'Account', id: 'Akun' },
    'sample-journal.lines.description': { en: 'Description', id: 'Uraian' },
    'sample-journal.lines.debit': { en: 'Debit', id: 'Debit' },
    'sample-journal.lines.credit': { en: 'Credit', id: 'Kredit' },
    'sample-journal.unbalanced': {
      en: 'Debits {debit} and credits {credit} must be equal',
      id: 'Debit {debit} dan kredit {credit} harus sama',
    },
    'sample-journal.twoLines': { en: 'A journal needs at least two lines', id: 'Jurnal memerlukan paling sedikit dua baris' },
    'sample-journal.oneSide': { en: 'Line {line}: a debit or a credit, not both', id: 'Baris {line}: debit atau kredit, tidak keduanya' },
    'sample-journal.noAmount': { en: 'Line {line}: enter a debit or a credit', id: 'Baris {line}: isi debit atau kredit' },
    'sample-journal.post': { en: 'Post', id: 'Posting' },
    'sample-journal.postConfirm': {
      en: 'Post this journal? It can no longer be changed.',
      id: 'Posting jurnal ini? Jurnal tidak dapat diubah lagi.',
    },
    'sample-journal.totalDebit': { en: 'Debit {value}', id: 'Debit {value}' },
    'sample-journal.totalCredit': { en: 'Credit {value}', id: 'Kredit {value}' },
    'sample-journal.difference': { en: 'Difference {value}', id: 'Selisih {value}' },
  });
}
