// The grid's fit check (run in the page by the bench and the e2e run) over a small fake of the
// page: strict, so a cell whose text is cut fails even with an ellipsis and its whole value as
// tooltip; a hidden or off-screen essential column fails; a grid where all is whole passes.
import * as assert from 'assert';
import { ESSENTIAL_COLUMNS, readGridFit } from '../../bench/contractsFit';

interface Box {
  left: number;
  width: number;
  scrollWidth?: number;
  title?: string;
  display?: string;
  children?: FakeEl[];
  ariaHidden?: boolean;
}

class FakeEl {
  constructor(
    readonly className: string,
    readonly textContent: string,
    private readonly box: Box,
    readonly ownerDocument: FakeDoc,
    private readonly header = false,
  ) {}
  get title(): string {
    return this.box.title ?? '';
  }
  get clientWidth(): number {
    return this.box.width;
  }
  get scrollWidth(): number {
    return this.box.scrollWidth ?? this.box.width;
  }
  readonly clientHeight = 20;
  get display(): string {
    return this.box.display ?? 'block';
  }
  getBoundingClientRect() {
    const width = this.display === 'none' ? 0 : this.box.width;
    return { left: this.box.left, right: this.box.left + width, top: 10, bottom: 30, width };
  }
  getAttribute(name: string): string | null {
    if (name === 'scope') return this.header ? 'col' : null;
    if (name === 'aria-hidden') return this.box.ariaHidden ? 'true' : null;
    return null;
  }
  querySelector(): FakeEl | null {
    return null;
  }
  querySelectorAll(selector: string): FakeEl[] {
    const all = this.box.children ?? [];
    return selector === '*' ? all : all.filter(c => c.getAttribute('aria-hidden') === 'true');
  }
  cloneNode(): FakeEl {
    return this;
  }
  remove(): void {}
}

class FakeDoc {
  readonly defaultView = {
    innerWidth: 420,
    getComputedStyle: (el: FakeEl) => ({ textOverflow: 'ellipsis', display: el.display }),
  };
  readonly elements: FakeEl[] = [];
  readonly wrap: FakeEl;
  constructor(gridWidth = 410) {
    this.wrap = new FakeEl('grid-wrap', '', { left: 0, width: gridWidth }, this);
  }
  get ownerDocument(): FakeDoc {
    return this;
  }
  add(id: string, text: string, box: Box, header = false): FakeEl {
    const el = new FakeEl(header ? `col-${id}` : `col-${id} num`, text, box, this, header);
    this.elements.push(el);
    return el;
  }
  querySelector(selector: string): FakeEl | null {
    return selector === '.grid-wrap' ? this.wrap : null;
  }
  querySelectorAll(selector: string): FakeEl[] {
    if (selector === 'table.grid thead th') return this.elements.filter(e => e.getAttribute('scope') === 'col');
    const id = /\.col-(\S+)$/.exec(selector)?.[1];
    return this.elements.filter(e => e.className.split(' ').includes(`col-${id}`));
  }
}

/** A header and a cell for every essential column, each 80 px wide, side by side, all whole. */
function wholeGrid(): FakeDoc {
  const doc = new FakeDoc();
  ESSENTIAL_COLUMNS.forEach((id, i) => {
    doc.add(id, id, { left: i * 80, width: 80 }, true);
    doc.add(id, `${id} value`, { left: i * 80, width: 80 });
  });
  return doc;
}

describe('contract results grid fit check', () => {
  it('passes a grid whose essential cells are all whole and in view', () => {
    const fit = readGridFit(wholeGrid(), ESSENTIAL_COLUMNS);
    assert.deepStrictEqual(fit.problems, []);
    assert.strictEqual(fit.checked, ESSENTIAL_COLUMNS.length * 2);
    assert.strictEqual(fit.cut, 0);
    assert.strictEqual(fit.gridWidth, 410);
  });

  it('fails a cell cut with an ellipsis even when its tooltip holds the whole value', () => {
    const doc = wholeGrid();
    doc.add('amount', '9,007,199,254,740,993 tinybar', {
      left: 320,
      width: 80,
      scrollWidth: 210,
      title: '9,007,199,254,740,993 tinybar',
    });
    const fit = readGridFit(doc, ESSENTIAL_COLUMNS);
    assert.strictEqual(fit.cut, 1);
    assert.deepStrictEqual(fit.problems, [
      'amount cell "9,007,199,254,740,993 tinybar" cut with an ellipsis (210 > 80 px)',
    ]);
  });

  it('fails a cell whose own box is whole but whose inner block is cut', () => {
    const doc = new FakeDoc();
    const inner = new FakeEl('value', '2023-11-14 22:13:20', { left: 0, width: 60, scrollWidth: 120 }, doc);
    doc.add('timestamp', '2023-11-14 22:13:20', { left: 0, width: 80, children: [inner] });
    const fit = readGridFit(doc, ['timestamp']);
    assert.strictEqual(fit.cut, 1);
    assert.match(fit.problems[0], /^timestamp cell "2023-11-14 22:13:20" cut with an ellipsis \(120 > 60 px\)$/);
  });

  it('fails an essential column that is hidden or pushed past the grid', () => {
    const doc = new FakeDoc();
    doc.add('result', 'Result', { left: 0, width: 80, display: 'none' }, true);
    doc.add('amount', '7 tinybar', { left: 380, width: 80 });
    const fit = readGridFit(doc, ['result', 'amount', 'from']);
    assert.deepStrictEqual(fit.problems, [
      'result header hidden',
      "amount cell at 380–460 px, outside the grid's 0–410 px",
      'from: no header or cell in view',
    ]);
  });
});
