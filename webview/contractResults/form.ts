// The filter form: one input per parameter, labelled in words with the mirror node's name for it
// as a hint, any number of timestamp filters (seconds.nanoseconds or a date), and every refusal
// shown at once beside the field (or the timestamp row) it concerns. Each message has a slot of
// its own, reserved whether or not it is filled, so marking a field never moves the form.
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
import { parseTimestampInput } from '../../src/present/timestampInput';

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
  /** This row's own message slot. */
  readonly error: HTMLElement;
}

export interface FilterForm {
  readonly element: HTMLElement;
  write(filters: ContractResultsFilters): void;
  read(): ContractResultsFilters;
  /** Marks every field with an issue (and clears the others); `focus` moves to the first one. */
  showIssues(issues: readonly FieldIssue[], focus?: boolean): void;
  /** Sets the `from` filter (a link in the detail). */
  setFrom(id: string): void;
}

interface FieldSpec {
  readonly field: ContractResultsField;
  readonly id: string;
  /** The label in words; the wire name follows it as a hint. */
  readonly label: string;
  readonly placeholder: string;
  readonly size: number;
}

const TEXT_FIELDS: readonly FieldSpec[] = [
  { field: 'from', id: 'f-from', label: 'From account', placeholder: '0.0.1234 or 0x… (40 hex)', size: 28 },
  { field: 'block.number', id: 'f-block-number', label: 'Block number', placeholder: '17 or 0x11', size: 14 },
  { field: 'block.hash', id: 'f-block-hash', label: 'Block hash', placeholder: '64 or 96 hex digits', size: 40 },
  {
    field: 'transaction.index',
    id: 'f-transaction-index',
    label: 'Position in block',
    placeholder: '≥ 0, needs a block',
    size: 14,
  },
  { field: 'limit', id: 'f-limit', label: 'Rows per page', placeholder: '25 (1–100)', size: 8 },
];

const TIMESTAMP_PLACEHOLDER = '1700000000.5 or 2023-11-14 22:13:20';

/** The parameter's name on the wire, after a label in words (hidden from screen readers: the words name it). */
function wireHint(name: string): HTMLElement {
  return h(
    'code',
    { class: 'wire', title: `The mirror node's parameter: ${name}`, attrs: { 'aria-hidden': 'true' } },
    name,
  );
}

/** A message slot, reserved in the layout; its text is also its tooltip (a long one is clamped). */
function errorSlot(id: string): HTMLElement {
  return h('div', { id, class: 'field-error', attrs: { 'aria-live': 'polite' } });
}

/** The client's and server's prefix naming the parameter, already said by the field the slot is under. */
const PARAMETER_PREFIX = /^Invalid parameter(?: usage)?:? [\w.]+(?: - |: )/;

function setMessage(slot: HTMLElement, message: string): void {
  // The rule first, in the two lines the slot has; the whole message is the tooltip.
  slot.textContent = message.replace(PARAMETER_PREFIX, '');
  slot.title = message;
}

export function createFilterForm(o: {
  onSearch: () => void;
  onClear: () => void;
  /** Any value changed (typed, chosen, a row added or removed). */
  onChange: () => void;
}): FilterForm {
  const errorEls = new Map<ContractResultsField, HTMLElement>();
  const slotFor = (field: ContractResultsField): HTMLElement => {
    const el = errorSlot(errorIds[field]);
    errorEls.set(field, el);
    return el;
  };
  const inputs = textInputs(o.onSearch);
  const input = (field: ContractResultsField): TextInput => inputs[field]!;
  const internalBox = checkbox({ id: 'f-internal', label: 'Include child transactions', checked: false });
  internalBox.element.append(' ', wireHint('internal'));
  const orderSelect = select<'asc' | 'desc'>({
    id: 'f-order',
    label: 'Order',
    options: [
      { value: 'desc', label: 'desc (newest first)' },
      { value: 'asc', label: 'asc (oldest first)' },
    ],
    value: 'desc',
  });
  const timestamps = timestampList(o.onSearch, o.onChange);
  const field = (f: ContractResultsField, el: HTMLElement): HTMLElement => h('div', { class: 'field' }, el, slotFor(f));

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
      h(
        'legend',
        {},
        'Consensus time ',
        wireHint('timestamp'),
        h('span', { class: 'hint' }, ' seconds.nanoseconds or a date, UTC unless a zone is given; several allowed'),
      ),
      timestamps.element,
      timestamps.addButton,
      slotFor('timestamp'),
    ),
    h(
      'div',
      { class: 'row' },
      field('internal', internalBox.element),
      field('order', h('div', { class: 'labelled' }, h('span', {}, 'Order ', wireHint('order')), orderSelect.element)),
      field('limit', input('limit').element),
      h(
        'div',
        { class: 'actions' },
        button({ id: 'search', label: 'Search', onClick: o.onSearch }).element,
        button({ id: 'clear', label: 'Clear filters', appearance: 'secondary', onClick: o.onClear }).element,
      ),
    ),
  );

  // Typing, ticking and choosing all reach here (the toolkit's events bubble out of its shadow DOM).
  element.addEventListener('input', () => o.onChange());
  element.addEventListener('change', () => o.onChange());

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
    showIssues(issues, focus = true) {
      for (const [f, el] of errorEls) {
        // A timestamp issue with its row goes beside that row; one without (the client's) goes under all.
        const mine = issues.filter(i => i.field === f && (f !== 'timestamp' || i.index === undefined));
        setMessage(el, mine.map(i => i.message).join(' '));
        inputs[f]?.setInvalid(mine.length > 0);
      }
      const general = issues.some(i => i.field === 'timestamp' && i.index === undefined);
      const rowIssues = timestamps.markIssues(issues, general);
      const first = issues[0];
      if (!focus || !first) return;
      if (first.field !== 'timestamp') inputs[first.field]?.focus();
      else (rowIssues[0] ?? timestamps.rows[0])?.input.focus();
    },
    setFrom(id) {
      input('from').value = id;
    },
  };
}

function textInputs(onSearch: () => void): Partial<Record<ContractResultsField, TextInput>> {
  const inputs: Partial<Record<ContractResultsField, TextInput>> = {};
  for (const f of TEXT_FIELDS) {
    const input = textInput({
      id: f.id,
      label: f.label,
      placeholder: f.placeholder,
      errorId: errorIds[f.field],
      size: f.size,
      onEnter: onSearch,
    });
    input.element.append(' ', wireHint(f.field));
    inputs[f.field] = input;
  }
  return inputs;
}

/**
 * The timestamp filters: rows of operator and value, added and removed by the user, each with its
 * own message slot. The filters read skip the empty rows, so an issue's index (among the filters
 * read) is mapped back to the row it came from.
 */
function timestampList(onSearch: () => void, onChange: () => void) {
  const rows: TimestampRow[] = [];
  let made = 0;
  const element = h('div', { class: 'timestamps' });
  const addButton = button({
    label: 'Add time filter',
    appearance: 'secondary',
    onClick: () => {
      add().input.focus();
      onChange();
    },
  });
  function add(t: TimestampFilter = { operator: 'gte', value: '' }): TimestampRow {
    // Ids stay unique when rows are removed and added again.
    const n = ++made;
    const errorId = `err-ts-${n}`;
    const operator = select<TimestampOperator>({
      id: `f-ts-op-${n}`,
      label: `Time filter ${n}: operator`,
      options: OPERATORS,
      value: t.operator,
      onChange,
    });
    const input = textInput({
      id: `f-ts-${n}`,
      label: `Time ${n}`,
      placeholder: TIMESTAMP_PLACEHOLDER,
      errorId,
      size: 30,
      onEnter: onSearch,
      value: t.value,
    });
    const error = errorSlot(errorId);
    const row: TimestampRow = { element: h('div', { class: 'timestamp-row' }), operator, input, error };
    const remove = button({
      label: 'Remove',
      appearance: 'secondary',
      title: `Remove time filter ${n}`,
      onClick: () => {
        const i = rows.indexOf(row);
        if (i >= 0) rows.splice(i, 1);
        row.element.remove();
        addButton.element.focus();
        onChange();
      },
    });
    row.element.append(h('div', { class: 'timestamp-inputs' }, operator.element, input.element, remove.element), error);
    rows.push(row);
    element.appendChild(row.element);
    return row;
  }
  const filled = (): TimestampRow[] => rows.filter(r => r.input.value.trim() !== '');
  return {
    element,
    addButton: addButton.element,
    rows,
    write(filters: readonly TimestampFilter[]): void {
      for (const r of rows) r.element.remove();
      rows.length = 0;
      for (const t of filters) add(t);
    },
    read: (): TimestampFilter[] => filled().map(r => ({ operator: r.operator.value, value: r.input.value.trim() })),
    /** Marks each row by its own issues (every row when `all`); returns the rows marked. */
    markIssues(issues: readonly FieldIssue[], all: boolean): TimestampRow[] {
      const byRow = filled();
      const marked: TimestampRow[] = [];
      for (const r of rows) {
        const i = byRow.indexOf(r);
        const mine = issues.filter(x => x.field === 'timestamp' && x.index !== undefined && x.index === i);
        // A date with no issue says what it is sent as, in the same reserved slot.
        const parsed = mine.length === 0 && i >= 0 ? parseTimestampInput(r.input.value) : undefined;
        const sentAs = parsed?.ok && parsed.fromDate ? `Sent as ${parsed.timestamp}` : '';
        setMessage(r.error, mine.length > 0 ? mine.map(x => x.message).join(' ') : sentAs);
        r.error.classList.toggle('converted', sentAs !== '');
        r.input.setInvalid(mine.length > 0 || (all && i >= 0));
        if (mine.length > 0) marked.push(r);
      }
      return marked;
    },
  };
}
