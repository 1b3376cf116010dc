// The rules editor: a textarea with a line-number gutter that marks the lines the compiler
// reports, and the list of those reports.

/** @typedef {{severity:string,line:number,col:number,endLine?:number,endCol?:number,message:string,code?:string,help?:string|null}} Diag */

export class Editor {
  /**
   * @param {{text:HTMLTextAreaElement, gutter:HTMLElement, diagnostics:HTMLElement,
   *   status:HTMLElement, onChange:(text:string)=>void, delayMs?:number}} parts
   */
  constructor(parts) {
    this.text = parts.text;
    this.gutter = parts.gutter;
    this.list = parts.diagnostics;
    this.status = parts.status;
    this.onChange = parts.onChange;
    this.delayMs = parts.delayMs ?? 300;
    /** @type {ReturnType<typeof setTimeout>|null} */
    this.timer = null;
    this.lines = 0;
    /** @type {Diag[]} */
    this.diags = [];
    this.inner = document.createElement('div');
    this.inner.className = 'gutter-lines';
    this.gutter.replaceChildren(this.inner);
    this.text.addEventListener('input', () => {
      this.renumber();
      if (this.timer) clearTimeout(this.timer);
      // Recompile once typing pauses, not on every key.
      this.timer = setTimeout(() => { this.timer = null; this.onChange(this.text.value); }, this.delayMs);
    });
    this.text.addEventListener('scroll', () => this.syncScroll());
    this.text.addEventListener('keydown', (ev) => {
      // Tab indents (three spaces, as the shipped games do) instead of leaving the editor.
      if (ev.key !== 'Tab' || ev.shiftKey || ev.ctrlKey || ev.altKey || ev.metaKey) return;
      ev.preventDefault();
      // execCommand keeps the browser's undo history; setRangeText is the fallback.
      if (!document.execCommand('insertText', false, '   ')) {
        this.text.setRangeText('   ', this.text.selectionStart, this.text.selectionEnd, 'end');
        this.text.dispatchEvent(new Event('input'));
      }
    });
    this.list.addEventListener('click', (ev) => {
      const li = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (ev.target).closest('li[data-line]'));
      if (li) this.selectLine(Number(li.dataset.line), Number(li.dataset.col));
    });
    this.gutter.addEventListener('click', (ev) => {
      const d = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (ev.target).closest('[data-line]'));
      if (d) this.selectLine(Number(d.dataset.line), 1);
    });
  }

  /** @param {string} value */
  setText(value) {
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    this.text.value = value;
    this.text.scrollTop = 0;
    this.renumber();
    this.setDiagnostics([]);
    this.status.textContent = '';
    this.status.className = '';
  }

  renumber() {
    const n = this.text.value.split('\n').length;
    if (n === this.lines) return;
    const frag = document.createDocumentFragment();
    for (let i = this.lines + 1; i <= n; i++) {
      const d = document.createElement('div');
      d.dataset.line = String(i);
      d.textContent = String(i);
      frag.appendChild(d);
    }
    while (this.inner.childElementCount > n) this.inner.lastElementChild?.remove();
    this.inner.appendChild(frag);
    this.lines = n;
    this.mark();
    this.syncScroll();
  }

  syncScroll() {
    this.inner.style.transform = `translateY(${-this.text.scrollTop}px)`;
  }

  /** @param {Diag[]} diags */
  setDiagnostics(diags) {
    this.diags = diags;
    const sorted = [...diags].sort((a, b) => a.line - b.line || a.col - b.col);
    this.list.replaceChildren(...sorted.map((d) => {
      const li = document.createElement('li');
      li.dataset.line = String(d.line);
      li.dataset.col = String(d.col);
      li.className = d.severity;
      li.tabIndex = 0;
      const where = document.createElement('span');
      where.className = 'where';
      where.textContent = `${d.line}:${d.col}`;
      const sev = document.createElement('span');
      sev.className = 'sev';
      sev.textContent = d.severity;
      li.append(where, ' ', sev, ' ', d.message);
      if (d.code) li.title = d.code;
      if (d.help) {
        const help = document.createElement('div');
        help.className = 'help';
        help.textContent = d.help;
        li.append(help);
      }
      return li;
    }));
    this.mark();
  }

  mark() {
    /** @type {Map<number, Diag[]>} */
    const byLine = new Map();
    for (const d of this.diags) {
      const l = byLine.get(d.line) || [];
      l.push(d);
      byLine.set(d.line, l);
    }
    for (const el of /** @type {HTMLElement[]} */ ([...this.inner.children])) {
      const ds = byLine.get(Number(el.dataset.line));
      el.classList.toggle('error', !!ds && ds.some((d) => d.severity === 'error'));
      el.classList.toggle('warning', !!ds && !ds.some((d) => d.severity === 'error'));
      if (ds) el.title = ds.map((d) => `${d.line}:${d.col} ${d.severity}: ${d.message}`).join('\n');
      else el.removeAttribute('title');
    }
  }

  /** Selects a line (from the column on) and scrolls it into view. @param {number} line @param {number} col */
  selectLine(line, col) {
    const lines = this.text.value.split('\n');
    let start = 0;
    for (let i = 0; i < line - 1 && i < lines.length; i++) start += lines[i].length + 1;
    const len = (lines[line - 1] ?? '').length;
    const from = start + Math.min(Math.max(col - 1, 0), len);
    this.text.focus();
    // The whole line from the reported column: visible in a textarea, which has no other mark.
    this.text.setSelectionRange(col > 1 ? from : start, start + len);
    const lh = parseFloat(getComputedStyle(this.text).lineHeight) || 18;
    this.text.scrollTop = Math.max(0, (line - 4) * lh);
    this.syncScroll();
  }
}
