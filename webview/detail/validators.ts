// What the detail panels' host sends, checked on arrival. Each validator is declared with its
// protocol type, so the compiler keeps the two in step; actions use the protocol's one description.
import {
  blockPanelStateValidator,
  detailActionValidator,
  transactionPanelStateValidator,
  type BlockPanelState,
  type DetailAction,
  type DetailButton,
  type DetailCell,
  type DetailField,
  type DetailInitialState,
  type DetailSection,
  type DetailTable,
  type DetailToWebview,
  type DetailView,
  type TransactionPanelState,
} from '../protocol';
import {
  array,
  boolean,
  integerIn,
  literal,
  object,
  optional,
  string,
  tagged,
  type Validator,
} from '../shared/validate';
import { traceViewValidator } from '../protocol/trace';

const ostr = optional(string);

// The host built these actions; it checks them again, strictly, when a click sends one back.
const action: Validator<DetailAction> = detailActionValidator(false);

const cell: Validator<DetailCell> = object({
  text: string,
  action: optional(action),
  numeric: optional(boolean),
  mono: optional(boolean),
});

const field: Validator<DetailField> = object({
  label: string,
  value: string,
  note: ostr,
  mono: optional(boolean),
  action: optional(action),
  copy: ostr,
  title: ostr,
  // Up to the end of year 9999, the last time a timestamp is shown as a date.
  at: optional(integerIn(0, 253_402_300_800_000)),
  badge: optional(literal('success', 'failure')),
  place: optional(literal('summary', 'more')),
  parts: optional(array(cell, 50)),
});

const table: Validator<DetailTable> = object({
  title: string,
  columns: array(string),
  rows: array(array(cell)),
  empty: string,
});

const detailButton: Validator<DetailButton> = object({ label: string, action });

const section: Validator<DetailSection> = object({
  id: string,
  title: string,
  group: ostr,
  badge: ostr,
  within: ostr,
  fields: array(field),
  tables: array(table),
  buttons: array(detailButton),
  trace: optional(traceViewValidator),
  debug: optional(boolean),
});

const view: Validator<DetailView> = tagged<'status', DetailView>('status', {
  loading: object({ status: literal('loading'), title: string, network: string, why: ostr, message: ostr }),
  error: object({
    status: literal('error'),
    title: string,
    network: string,
    why: ostr,
    message: string,
    serverMessages: array(string),
  }),
  loaded: object({
    status: literal('loaded'),
    title: string,
    network: string,
    why: ostr,
    summary: string,
    sections: array(section, 1000),
    buttons: array(detailButton),
  }),
});

export const toWebview: Validator<DetailToWebview> = tagged<'type', DetailToWebview>('type', {
  view: object({ type: literal('view'), view }),
  copied: object({ type: literal('copied'), text: string }),
});

const persist: Validator<TransactionPanelState | BlockPanelState> = tagged<
  'panel',
  TransactionPanelState | BlockPanelState
>('panel', { transaction: transactionPanelStateValidator(false), block: blockPanelStateValidator(false) });

export const initial: Validator<DetailInitialState> = object({ persist, view });
