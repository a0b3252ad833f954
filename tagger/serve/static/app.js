// reftag's page: parse pasted or uploaded references, show their labelled tokens, let a person
// relabel tokens (mouse or keyboard), and download the corrections as training data.
// Plain JavaScript, no build step: every change of labels goes back to the service
// (/api/relabel), which rebuilds the fields exactly as the parser does.
"use strict";

const UNSURE = 0.8;  // below: a dotted red outline
const DOUBT = 0.95;  // below: a dotted amber outline

const state = {
  labels: [], other: "O", colors: {},
  refs: [],          // {index, record, corrected}, in input order
  selection: null,   // {ref, anchor, focus}: token indexes in state.refs[ref]
};

const $ = (id) => document.getElementById(id);

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "class") node.className = value;
    else if (name === "style") for (const [key, v] of Object.entries(value)) node.style.setProperty(key, v);
    else node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

async function api(path, body, type) {
  const options = body === undefined ? {} : {method: "POST", body, headers: {"Content-Type": type}};
  const response = await fetch(path, options);
  const kind = response.headers.get("Content-Type") || "";
  if (!response.ok) {
    const message = kind.startsWith("application/json") ? (await response.json()).error : response.statusText;
    throw new Error(`${response.status}: ${message}`);
  }
  return kind.startsWith("application/json") ? response.json() : response.text();
}

function say(message, isError = false) {
  $("status").textContent = message;
  $("status").classList.toggle("error", isError);
}

const color = (label) => state.colors[label] || "transparent";

// ---------------------------------------------------------------------------------------------
// Input

async function parseInput() {
  const text = $("input").value;
  const mode = document.querySelector('input[name="mode"]:checked').value;
  if (!text.trim()) { say("Paste some references first.", true); return; }
  say("Parsing …");
  try {
    let records;
    if (mode === "lines") {
      const lines = text.split(/\r\n|\r|\n/).filter((line) => line.trim());
      records = await api("/api/parse", JSON.stringify(lines), "application/json");
    } else {
      records = await api("/api/find", text, "text/plain; charset=utf-8");
    }
    show(records, mode === "lines" ? null : "the pasted text");
  } catch (error) {
    say(error.message, true);
  }
}

async function uploadFile(file) {
  if (!file) return;
  const isPdf = file.type === "application/pdf" || /\.pdf$/i.test(file.name);
  try {
    if (isPdf) {
      document.querySelector('input[name="mode"][value="document"]').checked = true;  // what was searched
      say(`Finding the references in ${file.name} …`);
      show(await api("/api/find", await file.arrayBuffer(), "application/pdf"), file.name);
    } else {
      $("input").value = await file.text();
      await parseInput();
    }
  } catch (error) {
    say(error.message, true);
  }
}

// `source` names what /api/find searched: an empty answer from it is said as such, not as
// "0 references" (the command line exits 1 with the same message).
function show(records, source = null) {
  state.refs = records.map((record, index) => ({index, record, corrected: false}));
  state.selection = null;
  const failed = records.filter((record) => record.error).length;
  if (source && records.length === 0) {
    say(`No reference section found in ${source}.`, true);
  } else {
    say(`${records.length} reference${records.length === 1 ? "" : "s"}` +
        (failed ? `, ${failed} could not be parsed` : "") + ".");
  }
  $("results").hidden = records.length === 0;
  renderAll();
}

// ---------------------------------------------------------------------------------------------
// Rendering

function ordered() {
  const refs = state.refs.slice();
  if ($("sort").checked) {  // least confident first; equal confidence keeps input order
    refs.sort((a, b) => (a.record.confidence - b.record.confidence) || (a.index - b.index));
  }
  return refs;
}

function renderAll() {
  const list = $("refs");
  list.replaceChildren(...ordered().map(renderRef));
}

function renderRef(ref) {
  const record = ref.record;
  const item = element("li", {class: "ref", "data-index": ref.index});
  const tokens = record.tokens || [];
  const unsure = tokens.filter((token) => token.p < UNSURE).length;
  const head = element("div", {class: "ref-head"},
    element("span", {class: "num"}, `#${ref.index + 1}`),
    element("span", {class: "confidence" + (record.confidence < DOUBT ? " low" : "")},
            `confidence ${(record.confidence || 0).toFixed(3)}`));
  if (unsure) head.append(element("span", {class: "low"}, `${unsure} unsure token${unsure > 1 ? "s" : ""}`));
  if (record.type) head.append(element("span", {}, record.type));
  if (record.not_reference) {  // the text does not look like a reference at all
    head.append(element("span", {class: "low not-reference",
                                 title: "This text does not look like a bibliographic reference."},
                        "not a reference?"));
  }
  head.append(element("span", {}, ref.corrected ? "corrected" : record.engine || ""));
  item.append(head);
  if (record.error) {
    item.append(element("p", {class: "error"}, `${record.error}: ${record.raw}`));
    return item;
  }
  item.append(renderTokens(ref), renderFields(record), renderFormats(ref));
  return item;
}

function renderTokens(ref) {
  const {raw, tokens} = ref.record;
  const line = element("div", {class: "tokens", role: "group",
                               "aria-label": `reference ${ref.index + 1}, tokens`});
  const selected = selectedRange(ref.index);
  let end = 0;
  tokens.forEach((token, i) => {
    if (token.start > end) line.append(raw.slice(end, token.start).replace(/\s+/g, " "));
    const p = Number(token.p ?? 1);
    const classes = ["tok"];
    if (p < UNSURE) classes.push("unsure"); else if (p < DOUBT) classes.push("doubt");
    if (token.corrected) classes.push("corrected");
    if (selected && i >= selected[0] && i <= selected[1]) classes.push("selected");
    const focusable = state.selection ? state.selection.ref === ref.index && state.selection.focus === i : i === 0;
    line.append(element("span", {
      class: classes.join(" "), "data-i": i, "data-label": token.label,
      "data-p": p < 0.995 ? p.toFixed(2) : "",  // "show confidence" marks the tokens short of 1.00
      role: "button", tabindex: focusable ? "0" : "-1",
      title: `${token.label} · p ${p.toFixed(3)}`,
      "aria-label": `${raw.slice(token.start, token.end)}: ${token.label}, confidence ${p.toFixed(2)}`,
      style: {"--c": color(token.label)},
    }, raw.slice(token.start, token.end)));
    end = token.end;
  });
  if (end < raw.length) line.append(raw.slice(end));
  return line;
}

function renderFields(record) {
  const list = element("dl", {class: "fields"});
  for (const [label, value] of Object.entries(record.fields || {})) {
    list.append(element("dt", {style: {"--c": color(label)}, "data-label": label}, label),
                element("dd", {"data-label": label}, value));
  }
  return list;
}

const FORMATS = {json: "JSON", csl: "CSL-JSON", bibtex: "BibTeX", ris: "RIS", xml: "XML"};

function renderFormats(ref) {
  const select = element("select", {"aria-label": "format"});
  for (const [value, name] of Object.entries(FORMATS)) select.append(element("option", {value}, name));
  select.value = ref.format || "csl";
  const box = element("details", {class: "formats"}, element("summary", {}, "Formats "), select,
                      element("pre", {}));
  if (ref.formatsOpen) box.open = true;
  const load = () => { ref.format = select.value; ref.formatsOpen = box.open; if (box.open) loadFormat(ref, box); };
  box.addEventListener("toggle", load);
  select.addEventListener("change", load);
  if (box.open) loadFormat(ref, box);
  return box;
}

async function loadFormat(ref, box) {
  const out = box.querySelector("pre");
  try {
    const text = await api(`/api/relabel?format=${ref.format || "csl"}`, JSON.stringify([ref.record]),
                           "application/json");
    out.textContent = typeof text === "string" ? text : JSON.stringify(text, null, 2);
  } catch (error) {
    out.textContent = error.message;
  }
}

function rerender(ref) {
  const old = document.querySelector(`.ref[data-index="${ref.index}"]`);
  if (old) old.replaceWith(renderRef(ref));
}

function renderLegend() {
  $("legend").replaceChildren(...state.labels.map((label) =>
    element("span", {class: "chip", style: {"--c": color(label)}}, label)));
}

// ---------------------------------------------------------------------------------------------
// Selection and the label picker

function selectedRange(refIndex) {
  const s = state.selection;
  if (!s || s.ref !== refIndex) return null;
  return [Math.min(s.anchor, s.focus), Math.max(s.anchor, s.focus)];
}

function tokenNode(refIndex, i) {
  return document.querySelector(`.ref[data-index="${refIndex}"] .tok[data-i="${i}"]`);
}

function select(refIndex, i, extend) {
  const count = state.refs[refIndex].record.tokens.length;
  i = Math.max(0, Math.min(count - 1, i));
  const s = state.selection;
  const anchor = extend && s && s.ref === refIndex ? s.anchor : i;
  const previous = s ? s.ref : null;
  state.selection = {ref: refIndex, anchor, focus: i};
  for (const index of new Set([previous, refIndex])) {
    if (index === null) continue;
    const range = selectedRange(index);
    document.querySelectorAll(`.ref[data-index="${index}"] .tok`).forEach((node) => {
      const n = Number(node.dataset.i);
      node.classList.toggle("selected", !!range && n >= range[0] && n <= range[1]);
      node.tabIndex = index === refIndex && n === i ? 0 : -1;
    });
  }
  const node = tokenNode(refIndex, i);
  if (node) node.focus();
}

function openPicker() {
  const s = state.selection;
  if (!s) return;
  const current = state.refs[s.ref].record.tokens[s.focus].label;
  const picker = $("picker");
  picker.replaceChildren(...[...state.labels, state.other].map((label) => element("button", {
    role: "option", "data-label": label, "aria-selected": String(label === current),
    style: {"--c": color(label)}, tabindex: "-1",
  }, label === state.other ? "none (O)" : label)));
  picker.hidden = false;
  if (getComputedStyle(picker).position === "fixed") {  // a bottom sheet: keep the token above it
    const hidden = tokenNode(s.ref, s.focus).getBoundingClientRect().bottom - picker.getBoundingClientRect().top;
    if (hidden > -8) window.scrollBy(0, hidden + 16);
  } else {
    placePicker(picker, tokenNode(s.ref, s.focus).getBoundingClientRect());
  }
  (picker.querySelector('[aria-selected="true"]') || picker.firstChild).focus({preventScroll: true});
}

// Below the token when it fits in the window, else above it, else as near as the window
// allows: the picker is never opened out of sight.
function placePicker(picker, anchor) {
  const gap = 4;
  Object.assign(picker.style, {left: "0px", top: "0px"});  // measured at full width, not squeezed
  const {width, height} = picker.getBoundingClientRect();
  const viewWidth = document.documentElement.clientWidth, viewHeight = window.innerHeight;
  let top = anchor.bottom + gap;
  if (top + height > viewHeight - gap) top = anchor.top - gap - height;
  top = Math.max(gap, Math.min(top, viewHeight - gap - height));
  const left = Math.max(gap, Math.min(anchor.left, viewWidth - gap - width));
  picker.style.left = `${left + window.scrollX}px`;
  picker.style.top = `${top + window.scrollY}px`;
}

function closePicker(refocus = true) {
  $("picker").hidden = true;
  const s = state.selection;
  if (refocus && s) { const node = tokenNode(s.ref, s.focus); if (node) node.focus(); }
}

function pickerKey(event) {
  const options = [...$("picker").querySelectorAll("button")];
  const at = options.indexOf(document.activeElement);
  const columns = getComputedStyle($("picker")).gridTemplateColumns.split(" ").length;
  const move = {ArrowDown: columns, ArrowUp: -columns, ArrowRight: 1, ArrowLeft: -1}[event.key];
  if (move) {
    options[(at + move + options.length) % options.length].focus();
  } else if (event.key === "Escape") {
    closePicker();
  } else if (event.key.length === 1 && /\S/.test(event.key)) {  // jump to the next label with that letter
    const letter = event.key.toLowerCase();
    const next = options.slice(at + 1).concat(options.slice(0, at + 1))
      .find((option) => option.textContent.toLowerCase().startsWith(letter));
    if (next) next.focus();
  } else {
    return;
  }
  event.preventDefault();
}

async function applyLabel(label) {
  const s = state.selection;
  closePicker(false);
  if (!s) return;
  const ref = state.refs[s.ref];
  const [first, last] = selectedRange(s.ref);
  const tokens = ref.record.tokens.map((token, i) =>
    i >= first && i <= last ? {...token, label, p: 1, corrected: true} : token);
  try {
    const [record] = await api("/api/relabel", JSON.stringify([{...ref.record, tokens}]), "application/json");
    record.tokens.forEach((token, i) => { if (tokens[i].corrected) token.corrected = true; });
    ref.record = record;
    ref.corrected = true;
    state.selection = {ref: s.ref, anchor: s.focus, focus: s.focus};
    rerender(ref);
    say(`Reference ${ref.index + 1}: ${last - first + 1} token${last > first ? "s" : ""} → ${label}.`);
  } catch (error) {
    say(error.message, true);
  }
  const node = tokenNode(s.ref, s.focus);
  if (node) node.focus();
}

function tokenKey(event, node) {
  const refIndex = Number(node.closest(".ref").dataset.index);
  const i = Number(node.dataset.i);
  const count = state.refs[refIndex].record.tokens.length;
  const step = {ArrowRight: 1, ArrowLeft: -1, Home: -count, End: count}[event.key];
  if (step) {
    select(refIndex, i + step, event.shiftKey);
  } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    const items = [...document.querySelectorAll("#refs .ref")];
    const at = items.indexOf(node.closest(".ref")) + (event.key === "ArrowDown" ? 1 : -1);
    const target = items[at] && items[at].querySelector(".tok");
    if (target) select(Number(items[at].dataset.index), 0, false);
  } else if (event.key === "Enter" || event.key === " ") {
    if (!state.selection || state.selection.ref !== refIndex) select(refIndex, i, false);
    openPicker();
  } else if (event.key === "Escape") {
    select(refIndex, i, false);
  } else {
    return;
  }
  event.preventDefault();
}

// ---------------------------------------------------------------------------------------------
// Downloads

async function download(format, filename) {
  const records = state.refs.map((ref) => ref.record).filter((record) => !record.error && (record.tokens || []).length);
  if (!records.length) { say("Nothing to download.", true); return; }
  try {
    const text = await api(`/api/relabel?format=${format}`, JSON.stringify(records), "application/json");
    const url = URL.createObjectURL(new Blob([text], {type: format === "xml" ? "application/xml" : "application/x-ndjson"}));
    const link = element("a", {href: url, download: filename});
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    say(`Downloaded ${records.length} references as ${filename}: reftag train ${filename} -o my.crfsuite`);
  } catch (error) {
    say(error.message, true);
  }
}

// ---------------------------------------------------------------------------------------------
// Start

async function start() {
  $("parse").addEventListener("click", parseInput);
  $("input").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) parseInput();
  });
  $("file").addEventListener("change", (event) => uploadFile(event.target.files[0]));
  $("sort").addEventListener("change", renderAll);
  $("show-p").addEventListener("change", (event) => document.body.classList.toggle("show-p", event.target.checked));
  $("download-xml").addEventListener("click", () => download("xml", "references.xml"));
  $("download-jsonl").addEventListener("click", () => download("spans", "references.jsonl"));
  $("refs").addEventListener("click", (event) => {
    const node = event.target.closest(".tok");
    if (!node) return;
    select(Number(node.closest(".ref").dataset.index), Number(node.dataset.i), event.shiftKey);
    openPicker();
  });
  $("refs").addEventListener("keydown", (event) => {
    const node = event.target.closest(".tok");
    if (node) tokenKey(event, node);
  });
  $("picker").addEventListener("click", (event) => {
    const option = event.target.closest("button");
    if (option) applyLabel(option.dataset.label);
  });
  $("picker").addEventListener("keydown", pickerKey);
  document.addEventListener("mousedown", (event) => {
    if (!$("picker").hidden && !event.target.closest("#picker, .tok")) closePicker(false);
  });

  try {
    const labels = await api("/api/labels");
    Object.assign(state, {labels: labels.labels, other: labels.other, colors: labels.colors});
    renderLegend();
    const health = await api("/api/health");
    const model = health.model;
    const gold = model && model.gold && model.gold.core_micro_f1;  // the score of the answering engine
    $("model-info").textContent = model
      ? `engine ${health.engine}, model ${model.path}` + (gold ? ` (gold core F1 ${gold})` : "")
      : `engine ${health.engine}`;
  } catch (error) {
    say(`The service is not answering: ${error.message}`, true);
  }
  document.body.dataset.ready = "true";
}

start();
