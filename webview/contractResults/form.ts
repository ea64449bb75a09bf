// The filter form: one input per parameter (named as the mirror node names it), any number of
// timestamp filters, and the host's refusals shown beside the field they concern.
import {
  TIMESTAMP_OPERATORS,
  type ContractResultsField,
  type ContractResultsFilters,
  type FieldIssue,
  type TimestampFilter,
  type TimestampOperator,
} from '../protocol';
import { button, checkbox, select, textInput, type TextInput } from '../components/toolkit';
import { h } from '../shared/dom';

const OPERATOR_LABELS: Readonly<Record<TimestampOperator, string>> = {
  eq: '= eq',
  gt: '> gt',
  gte: '≥ gte',
  lt: '< lt',
  lte: '≤ lte',
  ne: '≠ ne',
};
const OPERATORS = TIMESTAMP_OPERATORS.map(value => ({ value, label: OPERATOR_LABELS[value] }));

const errorIds: Record<ContractResultsField, string> = {
  from: 'err-from',
  'block.number': 'err-block-number',
  'block.hash': 'err-block-hash',
  timestamp: 'err-timestamp',
  'transaction.index': 'err-transaction-index',
  internal: 'err-internal',
  order: 'err-order',
  limit: 'err-limit',
};

interface TimestampRow {
  readonly element: HTMLElement;
  readonly operator: { value: TimestampOperator };
  readonly input: TextInput;
}

export interface FilterForm {
  readonly element: HTMLElement;
  write(filters: ContractResultsFilters): void;
  read(): ContractResultsFilters;
  showIssues(issues: readonly FieldIssue[]): void;
  /** Sets the `from` filter (a link in the detail). */
  setFrom(id: string): void;
}

interface FieldSpec {
  readonly field: ContractResultsField;
  readonly id: string;
  readonly placeholder: string;
  readonly size: number;
}

const TEXT_FIELDS: readonly FieldSpec[] = [
  { field: 'from', id: 'f-from', placeholder: '0.0.1234 or 0x… (40 hex)', size: 28 },
  { field: 'block.number', id: 'f-block-number', placeholder: '17 or 0x11', size: 14 },
  { field: 'block.hash', id: 'f-block-hash', placeholder: '64 or 96 hex digits', size: 40 },
  { field: 'transaction.index', id: 'f-transaction-index', placeholder: '≥ 0, needs a block', size: 14 },
  { field: 'limit', id: 'f-limit', placeholder: '25 (1–100)', size: 8 },
];

export function createFilterForm(o: { onSearch: () => void; onClear: () => void }): FilterForm {
  const errorEls = new Map<ContractResultsField, HTMLElement>();
  const errorSlot = (field: ContractResultsField): HTMLElement => {
    const el = h('div', { id: errorIds[field], class: 'field-error', attrs: { 'aria-live': 'polite' } });
    errorEls.set(field, el);
    return el;
  };
  const inputs = textInputs(o.onSearch);
  const input = (field: ContractResultsField): TextInput => inputs[field]!;
  const internalBox = checkbox({ id: 'f-internal', label: 'internal (include child transactions)', checked: false });
  const orderSelect = select<'asc' | 'desc'>({
    id: 'f-order',
    label: 'order',
    options: [
      { value: 'desc', label: 'desc (newest first)' },
      { value: 'asc', label: 'asc (oldest first)' },
    ],
    value: 'desc',
  });
  const timestamps = timestampList(o.onSearch, errorIds.timestamp);
  const field = (f: ContractResultsField, el: HTMLElement): HTMLElement =>
    h('div', { class: 'field' }, el, errorSlot(f));

  const element = h(
    'section',
    { class: 'filters', attrs: { 'aria-label': 'Filters' } },
    h(
      'div',
      { class: 'row' },
      ...(['from', 'block.number', 'block.hash', 'transaction.index'] as const).map(f => field(f, input(f).element)),
    ),
    h(
      'fieldset',
      { class: 'timestamp-set' },
      h('legend', {}, 'timestamp (operator and seconds.nanoseconds; several allowed)'),
      timestamps.element,
      timestamps.addButton,
      errorSlot('timestamp'),
    ),
    h(
      'div',
      { class: 'row' },
      field('internal', internalBox.element),
      field('order', orderSelect.element),
      field('limit', input('limit').element),
      h(
        'div',
        { class: 'actions' },
        button({ id: 'search', label: 'Search', onClick: o.onSearch }).element,
        button({ id: 'clear', label: 'Clear filters', appearance: 'secondary', onClick: o.onClear }).element,
      ),
    ),
  );

  return {
    element,
    write(f) {
      input('from').value = f.from;
      input('block.number').value = f.blockNumber;
      input('block.hash').value = f.blockHash;
      input('transaction.index').value = f.transactionIndex;
      input('limit').value = f.limit;
      internalBox.checked = f.internal;
      orderSelect.value = f.order;
      timestamps.write(f.timestamps);
    },
    read: () => ({
      from: input('from').value.trim(),
      blockNumber: input('block.number').value.trim(),
      blockHash: input('block.hash').value.trim(),
      timestamps: timestamps.read(),
      transactionIndex: input('transaction.index').value.trim(),
      internal: internalBox.checked,
      order: orderSelect.value,
      limit: input('limit').value.trim(),
    }),
    showIssues(issues) {
      for (const [f, el] of errorEls) {
        const mine = issues.filter(i => i.field === f);
        el.textContent = mine.map(i => i.message).join(' ');
        inputs[f]?.setInvalid(mine.length > 0);
        if (f === 'timestamp') for (const r of timestamps.rows) r.input.setInvalid(mine.length > 0);
      }
      const first = issues[0];
      if (first) (first.field === 'timestamp' ? timestamps.rows[0]?.input : inputs[first.field])?.focus();
    },
    setFrom(id) {
      input('from').value = id;
    },
  };
}

function textInputs(onSearch: () => void): Partial<Record<ContractResultsField, TextInput>> {
  const inputs: Partial<Record<ContractResultsField, TextInput>> = {};
  for (const f of TEXT_FIELDS) {
    inputs[f.field] = textInput({
      id: f.id,
      label: f.field,
      placeholder: f.placeholder,
      errorId: errorIds[f.field],
      size: f.size,
      onEnter: onSearch,
    });
  }
  return inputs;
}

/** The timestamp filters: rows of operator and value, added and removed by the user. */
function timestampList(onSearch: () => void, errorId: string) {
  const rows: TimestampRow[] = [];
  const element = h('div', { class: 'timestamps' });
  const addButton = button({
    label: 'Add timestamp filter',
    appearance: 'secondary',
    onClick: () => add().input.focus(),
  });
  function add(t: TimestampFilter = { operator: 'gte', value: '' }): TimestampRow {
    const n = rows.length + 1;
    const operator = select<TimestampOperator>({
      id: `f-ts-op-${n}`,
      label: `timestamp ${n} operator`,
      options: OPERATORS,
      value: t.operator,
    });
    const input = textInput({
      id: `f-ts-${n}`,
      label: `timestamp ${n}`,
      placeholder: 'seconds.nanoseconds',
      errorId,
      size: 22,
      onEnter: onSearch,
      value: t.value,
    });
    const row: TimestampRow = { element: h('div', { class: 'timestamp-row' }), operator, input };
    const remove = button({
      label: 'Remove',
      appearance: 'secondary',
      title: `Remove timestamp filter ${n}`,
      onClick: () => {
        const i = rows.indexOf(row);
        if (i >= 0) rows.splice(i, 1);
        row.element.remove();
        addButton.element.focus();
      },
    });
    row.element.append(operator.element, input.element, remove.element);
    rows.push(row);
    element.appendChild(row.element);
    return row;
  }
  return {
    element,
    addButton: addButton.element,
    rows,
    write(filters: readonly TimestampFilter[]): void {
      for (const r of rows) r.element.remove();
      rows.length = 0;
      for (const t of filters) add(t);
    },
    read: (): TimestampFilter[] =>
      rows.map(r => ({ operator: r.operator.value, value: r.input.value.trim() })).filter(t => t.value !== ''),
  };
}
