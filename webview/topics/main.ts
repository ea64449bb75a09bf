// The tail panel's page: a topic's messages appended as they arrive (newest at the bottom), a
// Pause button, a text filter and a Copy button per message. Every string from the host goes into
// a text node (shared/dom.ts), never markup; what the host sends is validated on arrival.
import './tail.css';
import { h, clear } from '../shared/dom';
import { onHostMessage } from '../shared/messages';
import { connectToHost, initialState } from '../shared/vscodeApi';
import { hostCopier } from '../shared/hostCopier';
import { check } from '../shared/validate';
import {
  MAX_PAGE_ENTRIES,
  tailInitial,
  tailToPage,
  type TailEntry,
  type TailState,
  type TailStatus,
  type TailToHost,
} from './protocol';

const host = connectToHost<TailToHost, TailState>();
const copier = hostCopier(text => host.post({ type: 'copy', text }));

const shown = new Map<string, HTMLLIElement>();
let paused = false;
let filter = '';
let follow = true;

const status = h('span', { class: 'status', role: 'status', attrs: { 'aria-live': 'polite' } }, 'Loading…');
const pauseButton = h('button', { class: 'pause', on: { click: () => setPaused(!paused) } }, 'Pause');
const filterInput = h('input', {
  class: 'filter',
  attrs: { type: 'search', placeholder: 'Filter by text', 'aria-label': 'Filter messages by text' },
  on: { input: () => applyFilter(filterInput.value) },
});
const count = h('span', { class: 'count' });
const list = h('ol', { class: 'messages', attrs: { 'aria-label': 'Topic messages, oldest first' } });
const empty = h('p', { class: 'empty' }, 'No messages yet.');

function setPaused(next: boolean): void {
  paused = next;
  pauseButton.textContent = paused ? 'Resume' : 'Pause';
  pauseButton.setAttribute('aria-pressed', String(paused));
  host.post({ type: 'pause', paused });
}

function matches(entry: HTMLLIElement): boolean {
  return filter === '' || (entry.dataset['search'] ?? '').includes(filter);
}

function applyFilter(text: string): void {
  filter = text.trim().toLowerCase();
  for (const li of shown.values()) li.hidden = !matches(li);
  updateCount();
}

function updateCount(): void {
  const visible = [...shown.values()].filter(li => !li.hidden).length;
  count.textContent = filter ? `${visible} of ${shown.size} match` : `${shown.size} messages`;
  empty.hidden = shown.size > 0;
}

function entryElement(entry: TailEntry): HTMLLIElement {
  const copy = h('button', { class: 'copy', title: 'Copy the message content' }, 'Copy');
  copy.addEventListener('click', () => {
    void copier.request(entry.content).then(ok => {
      copy.textContent = ok ? 'Copied' : 'Copy failed';
      setTimeout(() => (copy.textContent = 'Copy'), 1500);
    });
  });
  const li = h(
    'li',
    { class: `entry form-${entry.form}` },
    h(
      'div',
      { class: 'head' },
      h('strong', {}, entry.label),
      ' ',
      h('span', { class: 'headline' }, entry.headline),
      copy,
    ),
    h('pre', { class: 'text' }, entry.text),
  );
  li.dataset['key'] = entry.key;
  li.dataset['search'] = `${entry.label}\n${entry.text}`.toLowerCase();
  return li;
}

function addEntries(entries: readonly TailEntry[]): void {
  for (const entry of entries) {
    const li = entryElement(entry);
    li.hidden = !matches(li);
    const old = shown.get(entry.key);
    if (old) old.replaceWith(li);
    else list.appendChild(li);
    shown.set(entry.key, li);
  }
  // The oldest go first past the cap: a panel left open for a day stays the same size.
  while (shown.size > MAX_PAGE_ENTRIES) {
    const [key, li] = shown.entries().next().value as [string, HTMLLIElement];
    li.remove();
    shown.delete(key);
  }
  updateCount();
  if (follow) window.scrollTo(0, document.body.scrollHeight);
}

function showStatus(s: TailStatus): void {
  const words = {
    live: 'Live',
    paused: 'Paused',
    hidden: 'Hidden: not reading',
    failed: 'Failed',
    loading: 'Loading…',
  };
  status.textContent = s.note ? `${words[s.state]} · ${s.note}` : words[s.state];
  status.className = `status state-${s.state}`;
}

function start(): void {
  const app = document.getElementById('app');
  if (!app) return;
  const initial = check(tailInitial, initialState());
  clear(app);
  const title = initial.ok ? `Topic ${initial.value.topicId} on ${initial.value.network}` : 'Topic';
  app.append(h('header', { class: 'bar' }, h('h1', {}, title), pauseButton, filterInput, count, status), empty, list);
  app.setAttribute('aria-busy', 'false');
  if (initial.ok) {
    host.saveState({ topicId: initial.value.topicId, network: initial.value.network });
    addEntries(initial.value.entries);
  }
  window.addEventListener('scroll', () => {
    follow = window.innerHeight + window.scrollY >= document.body.scrollHeight - 40;
  });
  onHostMessage(tailToPage, message => {
    if (message.type === 'entries') addEntries(message.entries);
    else if (message.type === 'status') showStatus(message.status);
    else copier.confirmed(message.text);
  });
  updateCount();
  host.post({ type: 'ready' });
}

start();
