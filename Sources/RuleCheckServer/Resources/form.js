// RuleCheck preview — drawing the form from its layout: sections (or pages), groups, lists with
// their items, and one input per field. The rows carry the stable DOM tests drive: data-field,
// data-visible, data-enabled, data-required, data-input, data-issues-for, data-add.
"use strict";

function render(layout, state) {
  app.layout = layout;
  app.fields = {};
  $("#form-title").textContent = layout.title || layout.form;
  document.title = (layout.title || layout.form) + " — RuleCheck preview";
  const form = $("#form");
  form.replaceChildren();
  const nav = $("#sections");
  nav.replaceChildren();
  const pageOf = {};
  for (const page of layout.pages) for (const section of page.sections) pageOf[section] = page.id;
  for (const section of layout.sections) {
    const box = element("fieldset", { class: "section", id: "section-" + section.id, "data-section": section.id });
    if (pageOf[section.id]) box.dataset.pageOf = pageOf[section.id];
    box.append(element("legend", {}, section.title));
    for (const node of section.fields) box.append(nodeView(node, node.path, state));
    form.append(box);
    nav.append(element("a", { href: "#section-" + section.id, "data-section-link": section.id }, section.title));
  }
  renderPages(layout.pages);
  const gates = $("#gates");
  gates.replaceChildren();
  for (const name of layout.gates) {
    const button = element("button", { type: "button", "data-gate": name, "data-open": "false", disabled: "" }, name);
    button.addEventListener("click", () => runGate(name));
    gates.append(button);
  }
  $("#check-result").hidden = true;
  applyState(state);
  showRulesErrors(null);
}

function element(tag, attributes = {}, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function remember(node) {
  app.fields[node.path] = node;
  for (const child of node.fields || []) remember(child);
  for (const child of node.item || []) remember(child);
}

/// The view of a layout node at a concrete path (drivers[0].full_name for drivers.full_name).
function nodeView(node, path, state) {
  remember(node);
  if (node.type === "group") {
    const box = rowShell("div", "group", path);
    box.append(element("div", { class: "group-title" }, node.title));
    for (const child of node.fields) box.append(nodeView(child, concrete(child.path, node.path, path), state));
    box.append(element("div", { class: "issues", "data-issues-for": path }));
    return box;
  }
  if (node.type === "list") {
    const box = rowShell("div", "list", path);
    const head = element("div", { class: "list-title" });
    head.append(element("span", { class: "list-name" }, node.title), " ");
    const add = element("button", { type: "button", "data-add": path }, "Add");
    add.addEventListener("click", () => enqueue({ append: path }));
    head.append(add, whyButton(path));
    const items = element("div", { class: "items", "data-items-for": path });
    box.append(head, items, element("div", { class: "issues", "data-issues-for": path }));
    const count = (state && state.items && state.items[path]) || 0;
    for (let index = 0; index < count; index++) items.append(itemView(node, path, index, state));
    return box;
  }
  const row = rowShell("div", "row", path);
  const id = "input-" + path.replace(/[^A-Za-z0-9_-]/g, "-");
  // <bdi>: a Latin title keeps its order in a right-to-left page, a Persian one in a left-to-right page.
  const label = element("label", { for: id });
  label.append(element("bdi", {}, node.title));
  const control = node.type === "file" ? fileView(path, id) : inputView(node, path, id);
  row.append(label, control, whyButton(path), element("div", { class: "hint", "data-hint-for": path }),
             element("div", { class: "issues", "data-issues-for": path }));
  return row;
}

function itemView(list, path, index, state) {
  const itemPath = path + "[" + index + "]";
  const box = element("div", { class: "item", "data-item": itemPath });
  const head = element("div", { class: "item-title" }, list.title + " #" + (index + 1) + " ");
  const remove = element("button", { type: "button", "data-remove": path, "data-index": String(index) }, "Remove");
  remove.addEventListener("click", () => enqueue({ remove: path, index: Number(remove.dataset.index) }));
  head.append(remove);
  box.append(head);
  for (const child of list.item) box.append(nodeView(child, concrete(child.path, list.path, itemPath), state));
  return box;
}

/// drivers.full_name under drivers[2] -> drivers[2].full_name.
function concrete(templatePath, templateParent, actualParent) {
  return actualParent + templatePath.slice(templateParent.length);
}

function rowShell(tag, kind, path) {
  return element(tag, { class: kind, "data-field": path, "data-visible": "false", "data-enabled": "false", "data-required": "false" });
}

function whyButton(path) {
  const button = element("button", { type: "button", class: "why", "data-why": path, title: "Why is this field as it is?" }, "why?");
  button.addEventListener("click", () => explain(path));
  return button;
}

/// A select for a choice, a checkbox for a bool, a text box for the rest: every keystroke is a
/// `type` edit (the engine applies the mask that holds now and says where the caret goes).
function inputView(node, path, id) {
  let input;
  if (node.type === "choice" || node.type === "multi_choice") {
    input = element("select", { id, "data-input": path });
    if (node.type === "multi_choice") input.multiple = true;
    input.addEventListener("change", () => {
      if (input.multiple) {
        const values = Array.from(input.selectedOptions).map((option) => JSON.parse(option.value));
        enqueue(values.length ? { set: path, value: values } : { clear: path });
      } else {
        enqueue(input.value === "" ? { clear: path } : { set: path, value: JSON.parse(input.value) });
      }
    });
  } else if (node.type === "bool") {
    input = element("input", { id, type: "checkbox", "data-input": path });
    input.addEventListener("change", () => enqueue({ set: path, value: input.checked }));
  } else {
    // Numbers and dates are written left to right whatever the page's direction; free text
    // takes the direction of what is typed (a mask's field turns ltr when its metadata comes).
    const ltr = node.type === "number" || node.type === "integer" || node.type === "date" || node.type === "values";
    input = element("input", { id, type: "text", "data-input": path, spellcheck: "false", dir: ltr ? "ltr" : "auto" });
    input.addEventListener("input", () => {
      enqueue({ type: path, text: input.value, caret: input.selectionStart == null ? input.value.length : input.selectionStart });
    });
  }
  if (node.computed) input.readOnly = true;
  input.addEventListener("focus", () => enqueue({ focus: path }));
  input.addEventListener("blur", () => enqueue({ blur: path }));
  return input;
}

function row(path) { return $('[data-field="' + cssPath(path) + '"]'); }
function input(path) { return $('[data-input="' + cssPath(path) + '"]'); }
