// The ONLY module that knows the controls come from @vscode/webview-ui-toolkit (deprecated upstream
// since 2025-01-01): panels ask for a text input, a select, a checkbox, a button or a progress
// indicator, and replacing the toolkit means rewriting this file alone. The toolkit renders with
// constructable stylesheets (adoptedStyleSheets), which the panels' CSP allows without relaxing it.
import {
  provideVSCodeDesignSystem,
  vsCodeButton,
  vsCodeCheckbox,
  vsCodeDropdown,
  vsCodeOption,
  vsCodeProgressRing,
  vsCodeTextField,
} from '@vscode/webview-ui-toolkit';

let registered = false;

function register(): void {
  if (registered) return;
  registered = true;
  provideVSCodeDesignSystem().register(
    vsCodeButton(),
    vsCodeCheckbox(),
    vsCodeDropdown(),
    vsCodeOption(),
    vsCodeProgressRing(),
    vsCodeTextField(),
  );
}

// The toolkit's elements expose these as properties.
interface ValueElement extends HTMLElement {
  value: string;
}
interface CheckedElement extends HTMLElement {
  checked: boolean;
}

export interface TextInput {
  readonly element: HTMLElement;
  value: string;
  focus(): void;
  /** Marks the field invalid, pointing assistive technology at the element holding the reason. */
  setInvalid(invalid: boolean): void;
}

export interface TextInputOptions {
  readonly id: string;
  readonly label: string;
  readonly value?: string;
  readonly placeholder?: string;
  /** The id of the element that explains a refusal. */
  readonly errorId: string;
  readonly size?: number;
  readonly onEnter?: () => void;
}

export function textInput(o: TextInputOptions): TextInput {
  register();
  const el = document.createElement('vscode-text-field') as ValueElement;
  el.id = o.id;
  el.textContent = o.label;
  if (o.placeholder) el.setAttribute('placeholder', o.placeholder);
  if (o.size) el.setAttribute('size', String(o.size));
  el.setAttribute('aria-describedby', o.errorId);
  el.value = o.value ?? '';
  if (o.onEnter) {
    const enter = o.onEnter;
    el.addEventListener('keydown', e => {
      if (e.key === 'Enter') {
        e.preventDefault();
        enter();
      }
    });
  }
  return {
    element: el,
    get value() {
      return el.value ?? '';
    },
    set value(v: string) {
      el.value = v;
    },
    focus: () => el.focus(),
    setInvalid: invalid => {
      if (invalid) el.setAttribute('aria-invalid', 'true');
      else el.removeAttribute('aria-invalid');
      el.classList.toggle('invalid', invalid);
    },
  };
}

export interface Select<T extends string> {
  readonly element: HTMLElement;
  value: T;
}

export function select<T extends string>(o: {
  readonly id: string;
  readonly label: string;
  readonly options: readonly { readonly value: T; readonly label: string }[];
  readonly value: T;
  readonly onChange?: (value: T) => void;
}): Select<T> {
  register();
  const el = document.createElement('vscode-dropdown') as ValueElement;
  el.id = o.id;
  el.setAttribute('aria-label', o.label);
  for (const opt of o.options) {
    const option = document.createElement('vscode-option') as ValueElement;
    option.setAttribute('value', opt.value);
    option.textContent = opt.label;
    if (opt.value === o.value) option.setAttribute('selected', '');
    el.appendChild(option);
  }
  const allowed = new Set<string>(o.options.map(x => x.value));
  const read = (): T => (allowed.has(el.value) ? (el.value as T) : o.value);
  if (o.onChange) {
    const cb = o.onChange;
    el.addEventListener('change', () => cb(read()));
  }
  return {
    element: el,
    get value() {
      return read();
    },
    set value(v: T) {
      el.value = v;
    },
  };
}

export interface Checkbox {
  readonly element: HTMLElement;
  checked: boolean;
}

export function checkbox(o: { readonly id: string; readonly label: string; readonly checked: boolean }): Checkbox {
  register();
  const el = document.createElement('vscode-checkbox') as CheckedElement;
  el.id = o.id;
  el.textContent = o.label;
  el.checked = o.checked;
  return {
    element: el,
    get checked() {
      return el.checked;
    },
    set checked(v: boolean) {
      el.checked = v;
    },
  };
}

export interface ButtonOptions {
  readonly label: string;
  readonly id?: string;
  readonly appearance?: 'primary' | 'secondary';
  readonly title?: string;
  /** For toggle buttons: the pressed state, announced as aria-pressed. */
  readonly pressed?: boolean;
  readonly onClick: () => void;
}

export interface Button {
  readonly element: HTMLElement;
  setPressed(pressed: boolean): void;
  setDisabled(disabled: boolean): void;
}

export function button(o: ButtonOptions): Button {
  register();
  const el = document.createElement('vscode-button');
  if (o.id) el.id = o.id;
  el.textContent = o.label;
  el.setAttribute('appearance', o.appearance ?? 'primary');
  if (o.title) el.title = o.title;
  el.addEventListener('click', () => {
    if (!el.hasAttribute('disabled')) o.onClick();
  });
  const b: Button = {
    element: el,
    setPressed: pressed => {
      el.setAttribute('aria-pressed', String(pressed));
      el.setAttribute('appearance', pressed ? 'primary' : 'secondary');
    },
    setDisabled: disabled => {
      if (disabled) el.setAttribute('disabled', '');
      else el.removeAttribute('disabled');
    },
  };
  if (o.pressed !== undefined) b.setPressed(o.pressed);
  return b;
}

/** An indeterminate progress indicator with its text for assistive technology. */
export function progressIndicator(label: string): HTMLElement {
  register();
  const wrap = document.createElement('div');
  wrap.className = 'progress';
  wrap.setAttribute('role', 'status');
  const ring = document.createElement('vscode-progress-ring');
  ring.setAttribute('aria-hidden', 'true');
  const text = document.createElement('span');
  text.textContent = label;
  wrap.append(ring, text);
  return wrap;
}
